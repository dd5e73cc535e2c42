"""One sample weight per sequence for per-step losses, in fit / evaluate: TF 2.21's graph error.

Keras 3 multiplies the (batch, steps) losses by the (batch,) weights without expanding them; TF's
traced step refuses the Mul at shape inference with a ValueError naming the node, which tapeflow
raised as the eager kernel's InvalidArgumentError. Texts printed by TF 2.21 for the same programs.
"""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).uniform(size=(12, 5, 3)).astype('float32')
DENSE = np.random.RandomState(1).uniform(size=(12, 5, 4)).astype('float32')
SPARSE = np.random.RandomState(2).randint(0, 4, size=(12, 5))


def _refusal(loss, y, weights, run):
    keras.utils.set_random_seed(2)
    model = keras.Sequential([keras.Input((5, 3)), keras.layers.Dense(4, activation='softmax')])
    model.compile(optimizer='sgd', loss=loss)
    with pytest.raises(ValueError) as info:
        getattr(model, run)(X, y, batch_size=4, verbose=0, sample_weight=weights)
    return str(info.value)


def _text(scope, node, source, weights, a, b, shapes):
    return ("Dimensions must be equal, but are %d and %d for '{{node compile_loss/%s/%s}} = Mul[T=DT_FLOAT]"
            "(compile_loss/%s/%s, %s)' with input shapes: %s." % (a, b, scope, node, scope, source, weights, shapes))


@pytest.mark.parametrize('run', ['fit', 'evaluate'])
@pytest.mark.parametrize('loss, y, scope, node, source, cast', [
    ('mse', DENSE, 'mse', 'mul', 'Mean', 'Cast'),
    ('huber', DENSE, 'huber', 'mul_3', 'Mean', 'Cast'),
    ('categorical_hinge', DENSE, 'categorical_hinge', 'mul_2', 'Maximum', 'Cast_1'),
    ('categorical_crossentropy', DENSE, 'categorical_crossentropy', 'mul',
     'softmax_cross_entropy_with_logits/Reshape_2', 'Cast'),
    (keras.losses.CategoricalCrossentropy(label_smoothing=0.1), DENSE, 'categorical_crossentropy', 'mul_1',
     'softmax_cross_entropy_with_logits/Reshape_2', 'Cast_1'),
    (keras.losses.SparseCategoricalCrossentropy(), SPARSE, 'sparse_categorical_crossentropy', 'mul',
     'SparseSoftmaxCrossEntropyWithLogits/Reshape_2', 'Cast_2'),
])
def test_per_sequence_weights_on_per_step_losses_fail_at_graph_shape_inference(run, loss, y, scope, node, source,
                                                                                cast):
    weights = np.linspace(0.1, 1.0, 12).astype('float32')
    assert _refusal(loss, y, weights, run) == _text(scope, node, source, 'data_2', 5, 4, '[4,5], [4]')
    assert _refusal(loss, y, (weights * 3).astype('int32'), run) == _text(
        scope, node, source, 'compile_loss/%s/%s' % (scope, cast), 5, 4, '[4,5], [4]')
    assert _refusal(loss, y, np.ones((12, 5, 4), 'float32'), run) == _text(scope, node, source, 'data_2', 4, 5,
                                                                         '[4,5], [4,5,4]')


def test_eagerly_the_loss_keeps_the_mul_kernels_error():
    from framework.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError, match=r'Incompatible shapes: \[12,5\] vs. \[12\] \[Op:Mul\]'):
        keras.losses.MeanSquaredError()(DENSE, DENSE, sample_weight=np.ones(12, 'float32'))
