"""tf.image geometry and resize ops given images of the wrong rank, without pixels, or a non-bool antialias:
TensorFlow 2.21's classes and texts (tapeflow's sentence a note).

Golden texts: /work/notes/progs/errors9/p/g1.py and g2.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '
OPS = {
    'flip_left_right': tf.image.flip_left_right, 'flip_up_down': tf.image.flip_up_down,
    'transpose': tf.image.transpose, 'rot90': tf.image.rot90,
    'central_crop': lambda x: tf.image.central_crop(x, 0.5),
    'pad_to_bounding_box': lambda x: tf.image.pad_to_bounding_box(x, 0, 0, 9, 9),
    'crop_to_bounding_box': lambda x: tf.image.crop_to_bounding_box(x, 0, 0, 1, 1),
    'resize_with_crop_or_pad': lambda x: tf.image.resize_with_crop_or_pad(x, 4, 4),
    'resize_with_pad': lambda x: tf.image.resize_with_pad(x, 4, 4),
    'resize': lambda x: tf.image.resize(x, [4, 4]),
}
AT_LEAST = "'image' (shape %s) must be at least three-dimensional."
EITHER = "'image' (shape %s) must have either 3 or 4 dimensions."
# op: (text for shape (3,), text for shape (1, 1, 2, 2, 3))
RANK_TEXTS = {
    'flip_left_right': (AT_LEAST % '(3,)', "'image' (shape (1, 1, 2, 2, 3))must have either 3 or 4 dimensions."),
    'flip_up_down': (AT_LEAST % '(3,)', "'image' (shape (1, 1, 2, 2, 3))must have either 3 or 4 dimensions."),
    'transpose': (AT_LEAST % '(3,)', EITHER % '(1, 1, 2, 2, 3)'),
    'rot90': (AT_LEAST % '(3,)', EITHER % '(1, 1, 2, 2, 3)'),
    'central_crop': (AT_LEAST % '(3,)', '`image` should either be a Tensor with rank = 3 or rank = 4. Had rank = 5.'),
    'pad_to_bounding_box': (EITHER % '(3,)', EITHER % '(1, 1, 2, 2, 3)'),
    'crop_to_bounding_box': (EITHER % '(3,)', EITHER % '(1, 1, 2, 2, 3)'),
    'resize_with_crop_or_pad': (EITHER % '(3,)', EITHER % '(1, 1, 2, 2, 3)'),
    'resize_with_pad': (EITHER % '(3,)', EITHER % '(1, 1, 2, 2, 3)'),
    'resize': ("'images' must have either 3 or 4 dimensions.",) * 2,
}


def _error(cls, call):
    with pytest.raises(cls) as err:
        call()
    assert err.value.__notes__, 'tapeflow explains in a note'
    return str(err.value)


@pytest.mark.parametrize('name', sorted(OPS))
def test_wrong_rank_prints_tensorflows_text(name):
    few, many = RANK_TEXTS[name]
    assert _error(ValueError, lambda: OPS[name](np.ones(3, 'float32'))) == few
    assert _error(ValueError, lambda: OPS[name](np.ones((1, 1, 2, 2, 3), 'float32'))) == many


@pytest.mark.parametrize('name', sorted(set(OPS) - {'resize'}))
def test_images_without_pixels_are_refused_but_an_empty_batch_is_not(name):
    # the bounding-box ops check after giving one image its batch axis, the others before
    batched = name in ('pad_to_bounding_box', 'crop_to_bounding_box', 'resize_with_crop_or_pad', 'resize_with_pad')
    for shape in [(8, 8, 0), (0, 8, 3), (2, 8, 8, 0)]:
        shown = (1,) + shape if batched and len(shape) == 3 else shape
        assert _error(ValueError, lambda: OPS[name](np.ones(shape, 'float32'))) == \
            "inner 3 dims of 'image.shape' must be > 0: %s" % (shown,)
    assert OPS[name](np.ones((0, 8, 8, 3), 'float32')).shape[0] == 0


@pytest.mark.parametrize('method, antialias, kernel', [
    ('nearest', True, 'ResizeNearestNeighbor'), ('area', False, 'ResizeArea'), ('bilinear', False, 'ResizeBilinear'),
    ('bicubic', False, 'ResizeBicubic'), ('bilinear', True, 'ScaleAndTranslate'), ('bicubic', True, 'ScaleAndTranslate'),
    ('lanczos3', False, 'ScaleAndTranslate'), ('gaussian', True, 'ScaleAndTranslate')])
def test_resize_without_pixels_names_the_kernel_tensorflow_runs(method, antialias, kernel):
    def resize(shape):
        return lambda: tf.image.resize(np.ones(shape, 'float32'), [4, 4], method=method, antialias=antialias)
    channel = KERNEL % (kernel, 'image must have at least one channel', kernel)
    size = KERNEL % (kernel, 'input image must be of non-zero size', kernel)
    assert _error(tf.errors.InvalidArgumentError, resize((8, 8, 0))) == channel
    assert _error(tf.errors.InvalidArgumentError, resize((0, 0, 0, 0))) == channel
    assert _error(tf.errors.InvalidArgumentError, resize((0, 8, 3))) == size
    assert _error(tf.errors.InvalidArgumentError, resize((2, 8, 0, 2))) == size
    assert tf.image.resize(np.ones((0, 8, 8, 3), 'float32'), [4, 4], method=method).shape == (0, 4, 4, 3)


@pytest.mark.parametrize('method, antialias, refused', [
    ('bilinear', 'a', True), ('bilinear', 2, True), ('bilinear', np.bool_(True), True), ('bilinear', 0, False),
    ('bicubic', np.bool_(True), True), ('lanczos3', 0, True), ('lanczos3', None, False),
    ('nearest', 'a', False), ('area', 2, False), ('bilinear', True, False)])
def test_resize_antialias_must_be_a_bool_where_tensorflow_passes_it_to_a_kernel(method, antialias, refused):
    images = np.ones((2, 8, 8, 3), 'float32')
    if refused:
        assert _error(TypeError, lambda: tf.image.resize(images, [4, 4], method=method, antialias=antialias)) == \
            "Expected bool for argument 'antialias' not %r." % (antialias,)
    else:
        assert tf.image.resize(images, [4, 4], method=method, antialias=antialias).shape == (2, 4, 4, 3)
