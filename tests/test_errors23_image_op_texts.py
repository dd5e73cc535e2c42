"""errors23: tf.image / tf.nn image ops on bad input, TF 2.21's classes and words
(/work/notes/progs/errors23/f8.py + f8_tf.json and the one-liners in reports35/errors23.md).

- grayscale_to_rgb: ValueError 'Last dimension of a grayscale image should be size 1.' / 'A grayscale image
  (shape (3,)) must be at least two-dimensional.' (tapeflow: its own sentence).
- max_pool2d / avg_pool2d of a rank-3 input: the kernel's 'Input must be 4 or 5-dimensional' (AvgPool:
  oneDNN's __MklNativeAvgPool node for float32), with TF's ' name: ' tail for a tensor.
- convert_image_dtype to or from a dtype that is neither integer nor floating: AttributeError 'dtype must be
  either floating point or integer' / 'image dtype must be ...' (dtype checked first); None: as_dtype's
  TypeError."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _raised(call, error):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    return str(caught.value)


def test_grayscale_to_rgb_texts():
    assert _raised(lambda: tf.image.grayscale_to_rgb(tf.ones((4, 4, 3))), ValueError) == \
        'Last dimension of a grayscale image should be size 1.'
    assert _raised(lambda: tf.image.grayscale_to_rgb(tf.ones((3,))), ValueError) == \
        'A grayscale image (shape (3,)) must be at least two-dimensional.'
    assert _raised(lambda: tf.image.grayscale_to_rgb(tf.ones(())), ValueError) == \
        'A grayscale image (shape ()) must be at least two-dimensional.'
    assert tf.image.grayscale_to_rgb(tf.ones((2, 2, 1))).shape == (2, 2, 3)


def test_pooling_a_rank_3_input_is_the_kernel_error(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    cpu = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    assert _raised(lambda: tf.nn.max_pool2d(tf.ones((4, 4, 3)), 2, 2, 'VALID'), InvalidArgumentError) == \
        cpu % 'MaxPool' + 'Input must be 4 or 5-dimensional [Op:MaxPool] name: '
    assert _raised(lambda: tf.nn.max_pool2d([[[1.0]]], 1, 1, 'VALID'), InvalidArgumentError) == \
        cpu % 'MaxPool' + 'Input must be 4 or 5-dimensional [Op:MaxPool]'
    assert _raised(lambda: tf.nn.avg_pool2d(tf.ones((4, 4, 3)), 2, 2, 'VALID'), InvalidArgumentError) == \
        cpu % '__MklNativeAvgPool' + 'Input must be 4 or 5-dimensional [Op:AvgPool] name: '


@pytest.mark.parametrize('image, dtype, text', [
    (np.ones(2, 'float32'), tf.string, 'dtype must be either floating point or integer'),
    (np.ones(2, 'float32'), tf.bool, 'dtype must be either floating point or integer'),
    (np.ones(2, 'float32'), tf.complex64, 'dtype must be either floating point or integer'),
    (np.array([True]), tf.float32, 'image dtype must be either floating point or integer'),
    (np.array(['a']), tf.float32, 'image dtype must be either floating point or integer'),
])
def test_convert_image_dtype_kind_texts(image, dtype, text):
    assert _raised(lambda: tf.image.convert_image_dtype(image, dtype), AttributeError) == text


def test_convert_image_dtype_none_is_as_dtype_error():
    assert _raised(lambda: tf.image.convert_image_dtype(np.ones(2, 'float32'), None), TypeError) == \
        'Cannot convert the argument `type_value`: None to a TensorFlow DType.'


@pytest.mark.parametrize('size, error, text', [
    ((2.0, 2), ValueError, "'size' must be a 1-D int32 Tensor"),
    ((2.5, 2), ValueError, "'size' must be a 1-D int32 Tensor"),
    (('a', 2), ValueError, "'size' must be a 1-D int32 Tensor"),
    ((None, 2), ValueError, "'size' must be a 1-D int32 Tensor"),
    (tf.constant([2.0, 2.0]), ValueError, "'size' must be a 1-D int32 Tensor"),
    ((-2, 2), ValueError, 'Dimension -2 must be >= 0'),
    (np.array([-2, 2]), ValueError, 'Dimension -2 must be >= 0'),
    (tf.constant([-2, 2]), ValueError, 'Dimension -2 must be >= 0'),
    ((2, -1), InvalidArgumentError, '{{function_node __wrapped__ResizeBilinear_device_/job:localhost/replica:0/task:0/'
                                    'device:CPU:0}} output dimensions must be positive [Op:ResizeBilinear] name: '),
])
def test_resize_sizes_as_tf_converts_them(size, error, text):
    # TF 2.21 (p_resize2.py): the size becomes an int32 tensor, then a static shape; tapeflow resized to (2, 2)
    # for float sizes and said the kernel's words for -2
    assert _raised(lambda: tf.image.resize(tf.ones((4, 4, 3)), size), error) == text


def test_resize_takes_a_float_numpy_size_as_tf():
    assert tf.image.resize(tf.ones((4, 4, 3)), np.float32([2, 2])).shape == (2, 2, 3)


def test_band_part_of_a_vector_and_format_count_texts():
    # TF 2.21 (reports35/errors23.md one-liners): MatrixBandPart's kernel words with the fast path's tail;
    # strings.format's Python ValueError (tapeflow: its own sentence, now a note)
    cpu = '{{function_node __wrapped__MatrixBandPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    assert _raised(lambda: tf.linalg.band_part(tf.ones(3), 0, 0), InvalidArgumentError) == \
        cpu + 'input must be at least 2-dim, received shape: [3] [Op:MatrixBandPart] name: '
    assert _raised(lambda: tf.linalg.band_part([1.0, 2.0], 0, 0), InvalidArgumentError) == \
        cpu + 'input must be at least 2-dim, received shape: [2] [Op:MatrixBandPart]'
    assert _raised(lambda: tf.linalg.band_part(tf.ones(3), 0, 0, name='q'), InvalidArgumentError) == \
        cpu + 'input must be at least 2-dim, received shape: [3] [Op:MatrixBandPart] name: q'
    assert _raised(lambda: tf.strings.format('{} {}', [tf.constant(1)]), ValueError) == (
        'The template expects 2 tensors, but the inputs only has 1. Please ensure the number of placeholders in '
        'template matches inputs length.')
    assert _raised(lambda: tf.strings.format('a', [1]), ValueError) == (
        'The template expects 0 tensors, but the inputs only has 1. Please ensure the number of placeholders in '
        'template matches inputs length.')


def test_random_crop_larger_than_the_image_is_tf_assert_text():
    # TF 2.21: its Assert's InvalidArgumentError, and GreaterEqual's kernel error for a size of another length
    # (tapeflow raised its own ValueError for both)
    image = tf.ones((4, 4, 3))
    assert _raised(lambda: tf.image.random_crop(image, (5, 5, 3)), InvalidArgumentError) == (
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'Need value.shape >= size, "
        "got '\n4, 4, 3\n5, 5, 3")
    assert _raised(lambda: tf.image.stateless_random_crop(image, (4, 5, 3), seed=(1, 2)), InvalidArgumentError) == (
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'Need value.shape >= size, "
        "got '\n4, 4, 3\n4, 5, 3")
    assert _raised(lambda: tf.image.random_crop(image, (2, 2)), InvalidArgumentError) == (
        '{{function_node __wrapped__GreaterEqual_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Incompatible shapes: [3] vs. [2] [Op:GreaterEqual] name: ')


@pytest.mark.parametrize('call', [
    lambda: tf.keras.utils.img_to_array(np.ones((2, 2, 3)), data_format='bad'),
    lambda: tf.keras.utils.img_to_array(np.ones((2, 2, 3)), data_format='BAD'),
    lambda: tf.keras.utils.array_to_img(np.ones((2, 2, 3)), data_format='bad'),
])
def test_keras_image_utils_data_format_text(call):
    # Keras 3.15's standardize_data_format (lower-cased value); tapeflow's sentence is a note now
    assert _raised(call, ValueError) == ("The `data_format` argument must be one of {'channels_first', "
                                         "'channels_last'}. Received: data_format=bad")
