"""Labels of another dtype than the loss's, in a traced fit / evaluate / train_on_batch step, as TF 2.21.

Keras 3's Loss.__call__ converts y_true to the loss's dtype: for integer or bool labels that is a graph
Cast in the loss's name scope ('compile_loss/mse/Cast'). TF's shape inference names it when the labels
do not fit the predictions (a ValueError; tapeflow raised the kernel's InvalidArgumentError when the
step ran), a custom loss printing y_true shows it, and it shifts the name of the sample weights' own
Cast by one. Texts printed by TF 2.21 for the same programs (/work/notes/progs/errors44/t1.txt).
"""
import numpy as np
import pytest

from framework import keras

X = np.ones((4, 3), 'float32')


def _model(loss, activation=None, features=3):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((features,)) if features == 3 else keras.Input((2, 3)),
                              keras.layers.Dense(2, activation=activation)])
    model.compile(optimizer='adam', loss=loss)
    return model


def _shapes(node, kernel, a, b, first, second, shapes):
    return ("Dimensions must be equal, but are %d and %d for '{{node %s}} = %s[T=DT_FLOAT](%s, %s)' with input "
            "shapes: %s." % (a, b, node, kernel, first, second, shapes))


@pytest.mark.parametrize('run', ['fit', 'evaluate'])
@pytest.mark.parametrize('loss, dtype, expected', [
    ('mse', 'int32', _shapes('compile_loss/mse/sub', 'Sub', 3, 2, 'compile_loss/mse/Cast',
                             'sequential_1/dense_1/BiasAdd', '[2,3], [2,2]')),
    ('huber', 'bool', _shapes('compile_loss/huber/Sub', 'Sub', 2, 3, 'sequential_1/dense_1/BiasAdd',
                              'compile_loss/huber/Cast', '[2,2], [2,3]')),
    ('kld', 'int64', _shapes('compile_loss/kld/truediv', 'RealDiv', 3, 2, 'compile_loss/kld/clip_by_value',
                             'compile_loss/kld/clip_by_value_1', '[2,3], [2,2]')),
    ('poisson', 'int32', _shapes('compile_loss/poisson/mul', 'Mul', 3, 2, 'compile_loss/poisson/Cast',
                                 'compile_loss/poisson/Log', '[2,3], [2,2]')),
])
def test_integer_labels_of_another_width_are_the_graphs_value_error(run, loss, dtype, expected):
    model = _model(loss)
    before = [v.numpy().copy() for v in model.weights]
    with pytest.raises(ValueError) as info:
        getattr(model, run)(X, np.ones((4, 3), dtype), batch_size=2, verbose=0)
    assert str(info.value) == expected
    # the refused step changed nothing
    assert int(model.optimizer.iterations.numpy()) == 0
    assert all((a == v.numpy()).all() for a, v in zip(before, model.weights))


def test_a_custom_loss_prints_the_cast_labels_as_a_graph_tensor(capsys):
    def loss(y_true, y_pred):
        print(y_true)
        return keras.ops.mean((y_true - y_pred) ** 2)

    model = _model(loss)
    model.fit(X[:2], np.ones((2, 2), 'int32'), verbose=0)
    # TF 2.21 prints it twice (Adam's first step traces the step twice), in the scope of the function's name
    assert capsys.readouterr().out.split('\n')[:2] == ['Tensor("compile_loss/loss/Cast:0", shape=(None, 2), '
                                                      'dtype=float32)'] * 2


def test_float32_labels_are_not_cast(capsys):
    def loss(y_true, y_pred):
        print(y_true)
        return keras.ops.mean((y_true - y_pred) ** 2)

    _model(loss).fit(X[:2], np.ones((2, 2), 'float32'), verbose=0)
    assert capsys.readouterr().out.split('\n')[:2] == ['Tensor("data_1:0", shape=(None, 2), dtype=float32)'] * 2


SCCE = 'compile_loss/sparse_categorical_crossentropy/'


@pytest.mark.parametrize('loss, activation, y, weights, node, first, second, shapes', [
    # the labels' Cast comes first: the weights' is Cast_1 (Cast_3 in hinge, whose formula casts twice)
    ('mse', None, np.ones((4, 2), 'int32'), np.ones(5, 'int32'), 'compile_loss/mse/mul', 'compile_loss/mse/Mean',
     'compile_loss/mse/Cast_1', '[4], [5]'),
    ('hinge', None, np.ones((4, 2), 'int32'), np.ones(5, 'int32'), 'compile_loss/hinge/mul_1',
     'compile_loss/hinge/Mean', 'compile_loss/hinge/Cast_3', '[4], [5]'),
    # the sparse loss casts float labels to integers (Cast), integer ones to float and back (Cast, Cast_1);
    # for (N, C) predictions the losses are the SparseSoftmaxCrossEntropyWithLogits op's, not a Reshape's
    ('sparse_categorical_crossentropy', 'softmax', np.ones(4, 'float32'), np.ones(5, 'int32'), SCCE + 'mul',
     SCCE + 'SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits', SCCE + 'Cast_1', '[4], [5]'),
    ('sparse_categorical_crossentropy', 'softmax', np.ones(4, 'int32'), np.ones(5, 'int32'), SCCE + 'mul',
     SCCE + 'SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits', SCCE + 'Cast_2', '[4], [5]'),
    ('sparse_categorical_crossentropy', 'softmax', np.ones(4, 'int32'), np.ones(5, 'float32'), SCCE + 'mul',
     SCCE + 'SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits', 'data_2', '[4], [5]'),
])
def test_train_on_batch_names_the_weights_cast_after_the_labels(loss, activation, y, weights, node, first, second,
                                                                shapes):
    model = _model(loss, activation)
    with pytest.raises(ValueError) as info:
        model.train_on_batch(X, y, sample_weight=weights)
    assert str(info.value) == _shapes(node, 'Mul', 4, 5, first, second, shapes)


def test_sequence_predictions_keep_the_reshape():
    model = _model('sparse_categorical_crossentropy', 'softmax', features=(2, 3))
    with pytest.raises(ValueError) as info:
        model.train_on_batch(np.ones((4, 2, 3), 'float32'), np.ones((4, 2), 'int32'),
                             sample_weight=np.ones(5, 'float32'))
    assert str(info.value) == _shapes(SCCE + 'mul', 'Mul', 2, 5, SCCE + 'SparseSoftmaxCrossEntropyWithLogits/Reshape_2',
                                      'data_2', '[4,2], [5]')
