"""Layer inputs TensorFlow 2.21 + Keras 3 treat otherwise than tapeflow did (/work/notes/progs/fuzz6 lout_tf.txt):
the global max poolings reduce with keras.ops.max, so an empty batch is its 'Cannot compute the max of an empty
tensor' InvalidArgumentError (tapeflow returned an empty result) and bool inputs give bools (tapeflow refused)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

IAE = tf.errors.InvalidArgumentError


@pytest.mark.parametrize('make, shape', [
    (keras.layers.GlobalMaxPooling1D, (0, 4, 3)), (keras.layers.GlobalMaxPooling2D, (0, 4, 4, 1)),
    (keras.layers.GlobalMaxPooling3D, (0, 2, 4, 4, 1)),
])
def test_global_max_pooling_of_an_empty_batch(make, shape):
    with pytest.raises(IAE, match='Cannot compute the max of an empty tensor.'):
        make()(np.zeros(shape, np.float32))


def test_global_max_pooling_of_bools_gives_bools():
    x = np.array([[[True, False], [False, False]], [[False, False], [False, True]]])
    out = keras.layers.GlobalMaxPooling1D()(x)
    assert out.dtype == tf.bool
    np.testing.assert_array_equal(out, [[True, False], [False, True]])
    assert keras.layers.GlobalMaxPooling2D()(x[..., None]).dtype == tf.bool


@pytest.mark.parametrize('make, kernel', [(lambda: keras.layers.SimpleRNN(2), 'AddV2'),
                                          (lambda: keras.layers.GRU(2), 'AddV2'), (lambda: keras.layers.LSTM(2), 'Mul')])
def test_recurrent_layers_refuse_complex_sequences(make, kernel):
    # TF 2.21: Keras promotes the input with the float kernel to complex, and the cell's float state or bias
    # meets it in AddV2 (Mul for the LSTM); tapeflow dropped the imaginary part and computed
    layer = make()
    with pytest.raises(IAE, match=r'cannot compute %s as input #1\(zero-based\) was expected to be a complex64 '
                                  r'tensor but is a float tensor' % kernel):
        layer(np.ones((2, 3, 2), np.complex64))
    assert layer.built


IMAGES = np.linspace(0, 1, 32, dtype=np.float32).reshape(2, 4, 4, 1)


@pytest.mark.parametrize('make, dtype', [
    (lambda: keras.layers.Resizing(3, 3), bool), (lambda: keras.layers.Resizing(3, 3), np.complex64),
    (lambda: keras.layers.RandomContrast(0.1), np.int32), (lambda: keras.layers.RandomContrast(0.1), bool),
    (lambda: keras.layers.RandomContrast(0.1), np.complex64), (lambda: keras.layers.RandomBrightness(0.1), bool),
    (lambda: keras.layers.RandomBrightness(0.1), np.complex64),
])
def test_image_layers_whose_kernels_refuse_the_dtype(make, dtype):
    with pytest.raises(IAE):
        make()(IMAGES.astype(dtype))


def test_other_image_layers_cast_complex_images_to_float():
    # TF 2.21 casts them (dropping the imaginary part, with its warning) and computes
    for layer in (keras.layers.CenterCrop(2, 2), keras.layers.RandomFlip(seed=1), keras.layers.RandomZoom(0.1, seed=1)):
        assert layer(IMAGES.astype(np.complex64)).dtype == tf.float32
    assert keras.layers.RandomContrast(0.1)(IMAGES.astype(np.int32), training=False).dtype == tf.int32


def test_kernel_errors_inside_call_are_reworded_as_keras_does():
    # TF 2.21 (fuzz6/p/l8.py): a NotFoundError from a layer's call comes out as Keras words call() errors
    class HalfCholesky(keras.layers.Layer):
        def call(self, x):
            return tf.linalg.cholesky(tf.cast(x, tf.float16))

    with pytest.raises(tf.errors.NotFoundError) as err:
        HalfCholesky()(np.eye(2, dtype=np.float32))
    assert str(err.value).startswith('Exception encountered when calling HalfCholesky.call().\n\n\x1b[1mCould not find '
                                     'device for node: {{node Cholesky}} = Cholesky[T=DT_HALF]')


@pytest.mark.parametrize('make, x', [
    (lambda: keras.layers.UpSampling2D((1.5, 1.5)), np.ones((2, 4, 4, 1), np.float32)),
    (lambda: keras.layers.UpSampling3D((1.5, 1.5, 1.5)), np.ones((2, 2, 4, 4, 1), np.float32)),
])
def test_upsampling_by_a_float_factor_fails_in_its_call(make, x):
    # Keras 3 keeps the float (its check only tries int()); its call's ops.repeat refuses it (TF 2.21's
    # TypeError); tapeflow truncated 1.5 to 1 and returned the input's size
    layer = make()
    with pytest.raises(TypeError, match=r'Argument `tensor` \(name: repeats\) must be of type integer. Received '
                                        r"`tensor` = 1.5 of dtype: <dtype: 'float32'>"):
        layer(x)


def test_activity_regularization_of_bools_and_complex_values():
    # TF 2.21 (lout_tf.txt): the penalty's AddV2 refuses bools, its Mul a complex activity beside float l1 / l2
    with pytest.raises(IAE, match=r"Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half"):
        keras.layers.ActivityRegularization(0.01, 0.01)(np.ones((2, 3), bool))
    with pytest.raises(IAE, match=r'cannot compute Mul as input #1\(zero-based\) was expected to be a complex64'):
        keras.layers.ActivityRegularization(0.01, 0.01)(np.ones((2, 3), np.complex64))
    layer = keras.layers.ActivityRegularization(0.01, 0.01)
    assert layer(np.ones((2, 3), np.int32)).dtype == tf.int32 and len(layer.losses) == 1


def test_adaptive_max_pooling_of_complex_images():
    # TF 2.21: MaxPool's registry (tapeflow pooled the complex values)
    with pytest.raises(IAE, match=r"Value for attr 'T' of complex64 is not in the list of allowed values: half, "
                                  r"bfloat16, float, double, int32, int64, uint8, int16, int8, uint16, qint8"):
        keras.layers.AdaptiveMaxPooling2D(2)(np.ones((2, 4, 4, 1), np.complex64))
