"""Layer constructor and call arguments that Keras 3 refuses, refused here too (found by fuzzing
every layer's arguments under Keras 3.15 on TF 2.21 and under tapeflow)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make', [lambda v: L.Dense(3, trainable=v), lambda v: L.Conv2D(2, 3, trainable=v),
                                  lambda v: L.Dropout(0.5, trainable=v), lambda v: L.LSTM(2, trainable=v)])
@pytest.mark.parametrize('value', ['a', 1, None])
def test_trainable_must_be_a_bool(make, value):
    # Keras 3: ValueError "Expected `trainable` to be a boolean. Received: trainable=a (of type <class 'str'>)"
    with pytest.raises(ValueError, match='Expected `trainable` to be a boolean. Received: trainable=%s' % value):
        make(value)


def test_trainable_bools_still_work():
    assert L.Dense(3, trainable=False).trainable is False and L.Dense(3).trainable is True


@pytest.mark.parametrize('make', [lambda n: keras.losses.MeanSquaredError(name=n)(np.ones(2), np.zeros(2)),
                                  lambda n: keras.optimizers.SGD(name=n), lambda n: keras.optimizers.Adam(name=n)])
@pytest.mark.parametrize('name', [3, 'a/b'])
def test_loss_and_optimizer_names_are_strings_without_a_slash(make, name):
    # Keras 3: ValueError "Argument `name` must be a string and cannot contain character `/`. Received: name=3"
    with pytest.raises(ValueError, match='Argument `name` must be a string and cannot contain character `/`. '
                                         'Received: name=%s' % name):
        make(name)


@pytest.mark.parametrize('name', [3, 'a/b'])
def test_a_loss_takes_any_name_and_refuses_it_when_called(name):
    # TF 2.21: the loss is made; its call (and fit) raises, without the '(of type ...)' of the layer check
    loss = keras.losses.MeanSquaredError(name=name)
    with pytest.raises(ValueError) as caught:
        loss(np.ones(2), np.zeros(2))
    assert str(caught.value) == ('Argument `name` must be a string and cannot contain character `/`. Received: '
                                 'name=%s' % name)


def test_a_loss_refuses_a_list_of_predictions_against_one_label_array():
    # Keras 3: ValueError "Structures don't have the same nested structure." Stacking the list made a
    # (2, 4, 3) prediction that broadcast against the (4, 3) labels: a number, and the wrong one.
    labels = np.eye(3, dtype=np.float32)[[0, 1, 2, 1]]
    with pytest.raises(ValueError) as info:
        keras.losses.MeanSquaredError()(labels, [labels, labels])
    assert str(info.value) == "Structures don't have the same nested structure."
    assert info.value.__notes__[0].startswith(
        "Loss 'mean_squared_error': y_true is one array of shape (4, 3), y_pred is a list of 2")
    # nested lists of numbers are still one array each
    assert float(keras.losses.MeanSquaredError()([[0., 1.]], [[0.5, 0.5]])) == 0.25


def test_flatten_and_reshape_refuse_a_scalar_input():
    # Keras 3: Flatten's InputSpec(min_ndim=1); Reshape: 'The total size of the tensor must be unchanged.
    # Received: input_shape=(), target_shape=(2, 2)'. Flatten made (1, 1); Reshape hit an IndexError.
    with pytest.raises(ValueError, match='expected min_ndim=1, found ndim=0'):
        L.Flatten()(np.float32(1.0))
    with pytest.raises(ValueError, match=r'Received: input_shape=\(\), target_shape=\(2, 2\)'):
        L.Reshape((2, 2))(np.float32(1.0))
    assert tuple(L.Flatten()(np.ones((2,), np.float32)).shape) == (2, 1)


@pytest.mark.parametrize('make', [lambda: L.Dense(2), lambda: L.Dropout(0.5), lambda: L.Conv2D(2, 3),
                                  lambda: L.Lambda(lambda x: x), lambda: L.Flatten()])
@pytest.mark.parametrize('value', ['abc', 1.0, 3])
def test_a_python_string_or_number_is_not_a_layer_input(make, value):
    # Keras 3: ValueError 'Only input tensors may be passed as positional arguments. The following argument
    # value should be passed as a keyword argument: abc (of type <class 'str'>)'; Dropout('abc') returned it
    with pytest.raises(ValueError, match='Only input tensors may be passed as positional arguments.*%s' % value):
        make()(value)


def test_preprocessing_layers_still_take_python_values():
    assert int(L.StringLookup(vocabulary=['a'])('a')) == 1
    assert float(L.Rescaling(0.5)(3.0)) == 1.5


def test_a_kernel_error_inside_a_layer_names_the_layer_in_a_note():
    import framework as tf

    class CastsStrings(L.Layer):
        def call(self, x):
            return tf.cast(tf.constant(['a']), tf.float32) + x

    # TF 2.21 + Keras 3 (fuzz6/p/l8.py): the kernel's class, reworded as Keras words call() errors; a Dense
    # given strings now raises Keras's type-promotion ValueError instead (fuzz6)
    layer = CastsStrings(name='casts_strings')
    with pytest.raises(tf.errors.UnimplementedError) as err:
        layer(np.ones((2, 1), np.float32))
    assert str(err.value).startswith('Exception encountered when calling CastsStrings.call().')
    assert 'Cast string to float is not supported' in str(err.value)
    assert any('casts_strings' in note for note in err.value.__notes__)


def test_conv2d_build_for_a_shape_of_the_wrong_rank_raises():
    # Keras 3: 'Kernel shape must have the same length as input, but received kernel of shape (3, 3, 4, 2) and
    # input of shape (None, 4).'; tapeflow built a kernel no call could use
    with pytest.raises(ValueError, match=r'received kernel of shape \(3, 3, 4, 2\) and input of shape \(None, 4\)'):
        L.Conv2D(2, 3).build((None, 4))


def test_embedding_wraps_a_negative_id_once_as_keras_take_does():
    # Keras 3 on TF: ops.take adds input_dim to negative ids (-1 is the last row); -6 of 5 rows is GatherV2's
    # 'indices[0,0] = -1 is not in [0, 5)'. tapeflow refused every negative id.
    import framework as tf
    layer = L.Embedding(5, 2)
    out = layer(np.array([[-1, -5, 2]])).numpy()
    np.testing.assert_array_equal(out[0], layer.embeddings.numpy()[[4, 0, 2]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices\[0,0\] = -1 is not in \[0, 5\)'):
        layer(np.array([[-6]]))
