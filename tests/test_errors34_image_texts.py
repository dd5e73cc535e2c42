"""errors34: tf.image ops given images of the wrong rank, channels, shapes or dtypes fail in TF 2.21's classes and
words (printed by /work/notes/progs/errors34/img2.py, img3.py under /opt/tfref); tapeflow raised its own ValueError /
TypeError sentences (kept as notes). Also: psnr of two dtypes, ssim of batch axes of 1 against n and
draw_bounding_boxes with no colours (TF's default colour table) work as on TF, where tapeflow refused them."""
import numpy as np
import pytest

import framework as tf

_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _kernel(node, text, op=None, tail=' name: '):
    return '{{function_node __wrapped__%s%s%s [Op:%s]%s' % (node, _CPU, text, op or node, tail)


def _mismatch(rows, channels, columns):
    return _kernel('__MklMatMul', 'Matrix size-incompatible: In[0]: [%d,%d], In[1]: [3,%d]' % (rows, channels, columns),
                   'MatMul')


_INT_SOBEL = ("Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double\n\t; "
              'NodeDef: {{node DepthwiseConv2dNative}}; Op<name=DepthwiseConv2dNative; signature=input:T, filter:T -> '
              'output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=strides:list(int); '
              'attr=padding:string,allowed=["SAME", "VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; '
              'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]; '
              'attr=dilations:list(int),default=[1, 1, 1, 1]> [Op:DepthwiseConv2dNative] name: ')


def _draw(images, boxes, colours):
    return lambda: tf.image.draw_bounding_boxes(tf.zeros(images), tf.zeros(boxes), tf.zeros(colours))


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('call, kind, text', [
    (lambda: tf.image.sobel_edges(tf.ones([4, 4, 3])), tf.errors.InvalidArgumentError,
     _kernel('MirrorPad', 'The first dimension of paddings must be the rank of inputs[4,2], [4,4,3]', tail='')),
    (lambda: tf.image.sobel_edges(tf.ones([1, 2, 4, 4, 3])), tf.errors.InvalidArgumentError,
     _kernel('MirrorPad', 'The first dimension of paddings must be the rank of inputs[4,2], [1,2,4,4,3]', tail='')),
    (lambda: tf.image.sobel_edges(tf.ones([1, 4, 4, 3], tf.int32)), tf.errors.InvalidArgumentError, _INT_SOBEL),
    (lambda: tf.image.image_gradients(tf.ones([4, 4, 3])), ValueError,
     'image_gradients expects a 4D tensor [batch_size, h, w, d], not (4, 4, 3).'),
    (lambda: tf.image.image_gradients(tf.ones([4])), ValueError,
     'image_gradients expects a 4D tensor [batch_size, h, w, d], not (4,).'),
    (lambda: tf.image.total_variation(tf.ones([3, 3])), ValueError, "'images' must be either 3 or 4-dimensional."),
    (lambda: tf.image.psnr(tf.ones([4, 4, 3]), tf.ones([4, 5, 3]), 1.0), tf.errors.InvalidArgumentError,
     _kernel('SquaredDifference', 'Incompatible shapes: [4,4,3] vs. [4,5,3]')),
    (lambda: tf.image.psnr(tf.ones([4, 4, 3]), tf.zeros([1, 4, 3]), 1.0), ValueError,
     'Shapes (4, 4, 3) and (1, 4, 3) are incompatible'),
    (lambda: tf.image.psnr(tf.ones([4, 4]), tf.zeros([4, 4]), 1.0), tf.errors.InvalidArgumentError,
     _kernel('Mean', 'Invalid reduction dimension (-3 for input with 2 dimension(s)', tail='')),
    (lambda: tf.image.ssim(tf.ones([1, 16, 16, 3]), tf.ones([1, 16, 15, 3]), 1.0), ValueError,
     'Shapes (16, 16, 3) and (16, 15, 3) are incompatible'),
    (lambda: tf.image.ssim(tf.ones([2, 16, 16, 3]), tf.ones([3, 16, 16, 3]), 1.0), ValueError,
     'Two images are not compatible: (2, 16, 16, 3) and (3, 16, 16, 3)'),
    (lambda: tf.image.ssim(tf.ones([16, 16]), tf.ones([16, 16]), 1.0), ValueError,
     'Shape (16, 16) must have rank at least 3'),
    (lambda: tf.image.ssim(tf.ones([1, 16, 16, 3]), tf.ones([1, 16, 16, 3], tf.float64), 1.0),
     tf.errors.InvalidArgumentError, 'cannot compute ShapeN as input #1(zero-based) was expected to be a float tensor '
                                     'but is a double tensor [Op:ShapeN] name: '),
    (lambda: tf.image.ssim_multiscale(tf.ones([1, 200, 200, 3]), tf.ones([1, 200, 199, 3]), 1.0), ValueError,
     'Shapes (200, 200, 3) and (200, 199, 3) are incompatible'),
    (lambda: tf.image.rgb_to_grayscale(tf.ones([2, 4, 4, 4])), tf.errors.InvalidArgumentError, _mismatch(32, 4, 1)),
    (lambda: tf.image.rgb_to_grayscale(tf.ones([4, 4, 4], tf.uint8)), tf.errors.InvalidArgumentError,
     _mismatch(16, 4, 1)),
    (lambda: tf.image.rgb_to_grayscale(tf.ones([2])), tf.errors.InvalidArgumentError, _mismatch(1, 2, 1)),
    (lambda: tf.image.rgb_to_grayscale(tf.constant(1.0)), IndexError, 'list index out of range'),
    (lambda: tf.image.rgb_to_grayscale(tf.ones([4, 4, 3], tf.bool)), AttributeError,
     'image dtype must be either floating point or integer'),
    (lambda: tf.image.rgb_to_yiq(tf.ones([4, 4, 2])), tf.errors.InvalidArgumentError, _mismatch(16, 2, 3)),
    (lambda: tf.image.rgb_to_yuv(tf.constant(1.0)), IndexError, 'list index out of range'),
    (lambda: tf.image.rgb_to_yuv(tf.ones([4, 4, 3], tf.int32)), TypeError,
     'Cannot convert [[0.299, -0.14714119, 0.61497538], [0.587, -0.28886916, -0.51496512], '
     '[0.114, 0.43601035, -0.10001026]] to EagerTensor of dtype int32'),
    # DrawBoundingBoxesV2's checks, in its order
    (_draw([4, 4, 3], [3, 4], [3]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'The rank of the images should be 4')),
    (_draw([2, 4, 4, 3], [1, 4], [1, 3]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'The rank of the boxes tensor should be 3')),
    (_draw([2, 4, 4, 2], [3, 1, 4], [1, 3]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'The batch sizes should be the same')),
    (_draw([2, 4, 4, 2], [2, 1, 3], [1, 3]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)')),
    (_draw([2, 4, 4, 3], [2, 1, 3], [3]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'The size of the third dimension of the box must be 4. Received: 3')),
    (_draw([2, 4, 4, 3], [2, 1, 4], [1, 2, 3]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'colors must be a 2-D matrix[1,2,3]')),
    (_draw([1, 4, 4, 3], [1, 1, 4], [1, 2]), tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'colors must have equal or more channels than the image provided: [1,2]')),
    (lambda: tf.image.draw_bounding_boxes(tf.zeros((2, 4, 4, 3)), [[[0., 0., 1.]]] * 2, [[1., 1., 1.]]),
     tf.errors.InvalidArgumentError,
     _kernel('DrawBoundingBoxesV2', 'The size of the third dimension of the box must be 4. Received: 3', tail='')),
])
def test_bad_images_fail_in_tf_words(call, kind, text):
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value) == text


def test_psnr_takes_two_dtypes_and_batch_broadcasts():
    # TF 2.21: psnr(ones f32, ones f64) runs (both become float32); a batch of 1 broadcasts against 2
    assert np.isinf(tf.image.psnr(tf.ones([4, 4, 3]), tf.ones([4, 4, 3], tf.float64), 1.0).numpy())
    assert tf.image.psnr(tf.ones([2, 4, 4, 3]), tf.zeros([1, 4, 4, 3]), 1.0).numpy().tolist() == [0.0, 0.0]


def test_ssim_broadcasts_a_batch_of_one():
    a = tf.constant(np.random.default_rng(0).random((2, 16, 16, 3)), tf.float32)
    half = tf.ones([2, 16, 16, 3]) * 0.5
    np.testing.assert_array_equal(tf.image.ssim(a, half[:1], 1.0).numpy(), tf.image.ssim(a, half, 1.0).numpy())
    np.testing.assert_array_equal(tf.image.ssim(a, half[0], 1.0).numpy(), tf.image.ssim(a, half, 1.0).numpy())


@pytest.mark.parametrize('depth, corner, inner, third', [
    # TF 2.21's default colour table (yellow, blue, red, ...), first channel 1 for one-channel images
    (1, [1.0], [1.0], [1.0]),
    (3, [1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]),
    (4, [1.0, 1.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0]),
])
def test_draw_bounding_boxes_without_colours_uses_tf_table(depth, corner, inner, third):
    boxes = tf.constant([[[0.0, 0.0, 1.0, 1.0], [0.25, 0.25, 0.75, 0.75], [0.0, 0.5, 0.5, 1.0]]])
    out = tf.image.draw_bounding_boxes(tf.zeros([1, 5, 5, depth]), boxes, tf.zeros([0, 4])).numpy()
    assert out[0, 0, 0].tolist() == corner and out[0, 1, 1].tolist() == inner and out[0, 0, 3].tolist() == third
