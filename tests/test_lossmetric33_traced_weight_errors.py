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


@pytest.mark.parametrize('loss, units, node, source', [
    ('bce', 1, 'mul_2', 'Mean'),                                  # clipped logs on a linear output
    ('binary_focal_crossentropy', 1, 'mul_5', 'Mean'),
    ('categorical_crossentropy', 3, 'mul_1', 'Neg'),
])
def test_cross_entropies_of_plain_outputs_name_their_longer_graph(loss, units, node, source):
    keras.utils.set_random_seed(2)
    model = keras.Sequential([keras.Input((5, 3)), keras.layers.Dense(units)])
    model.compile(optimizer='sgd', loss=loss)
    with pytest.raises(ValueError) as info:
        model.fit(X, np.ones((12, 5, units), 'float32'), batch_size=4, verbose=0, sample_weight=np.ones(12, 'float32'))
    assert str(info.value) == _text(loss, node, source, 'data_2', 5, 4, '[4,5], [4]')


SEQUENCES = np.array([[1, 2, 3, 0, 0], [4, 5, 0, 0, 0], [2, 2, 2, 2, 1], [3, 0, 0, 0, 0]] * 2)


@pytest.mark.parametrize('loss, units, y, node, select', [
    ('sparse_categorical_crossentropy', 4, SPARSE[:8], 'mul', 'SelectV2'),
    ('mse', 2, DENSE[:8, :, :2], 'mul', 'SelectV2'),
    ('huber', 2, DENSE[:8, :, :2], 'mul_3', 'SelectV2_1'),
])
def test_masked_losses_refuse_the_weights_where_keras_multiplies_them_by_the_mask(loss, units, y, node, select):
    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.Input((5,), dtype='int32'), keras.layers.Embedding(6, 4, mask_zero=True),
                              keras.layers.Dense(units, activation='softmax' if units == 4 else None)])
    model.compile(optimizer='sgd', loss=loss)
    for weights, name in ((np.linspace(0.1, 1, 8).astype('float32'), 'data_2'),
                          (np.arange(8) % 3, 'compile_loss/%s/%s' % (loss, 'Cast_2' if units == 4 else 'Cast'))):
        with pytest.raises(ValueError) as info:
            model.fit(SEQUENCES, y, batch_size=4, verbose=0, sample_weight=weights)
        assert str(info.value) == ("Dimensions must be equal, but are 4 and 5 for '{{node compile_loss/%s/%s}} = "
                                   "Mul[T=DT_FLOAT](%s, compile_loss/%s/%s)' with input shapes: [4], [4,5]."
                                   % (loss, node, name, loss, select))
