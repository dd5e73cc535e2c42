"""tf.image.resize of images its kernel's registry refuses (bool, complex, uint32), and the image kernels of
image/kernel_dtypes.py inside a tf.function, as TF 2.21: eagerly the registry's InvalidArgumentError of the kernel
the method runs ("Value for attr 'T' of bool is not in the list of allowed values: int8, ... [Op:ResizeBilinear]
name: ", bfloat16 listed twice there), in a trace op_def_library's TypeError ("Value passed to parameter 'images'
has DataType bool not in list of allowed values: ..."); tapeflow raised its own TypeError 'image.resize: images must
be numeric (float or integer), got dtype bool' (and resized uint32), and the eager InvalidArgumentError of
crop_and_resize / non_max_suppression / draw_bounding_boxes in a trace. Texts: notes/progs/kerasops10/rs.py,
rs_full.py, kd.py (*_tf.out)."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import raised_in_trace
from framework.errors import InvalidArgumentError

_TYPES = 'int8, uint8, int16, uint16, int32, int64, half, float, double, bfloat16'
_SCALE_TYPES = 'int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double'


def _dt(names):
    return ', '.join('DT_' + name.upper() for name in names.split(', '))


_BILINEAR_TYPES = 'int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double, bfloat16'
_BILINEAR = ("Value for attr 'T' of %%s is not in the list of allowed values: %s\n\t; NodeDef: {{node "
             "ResizeBilinear}}; Op<name=ResizeBilinear; signature=images:T, size:int32 -> resized_images:float; "
             "attr=T:type,allowed=[%s]; attr=align_corners:bool,default=false; attr=half_pixel_centers:bool,"
             "default=false> [Op:ResizeBilinear] name: " % (_BILINEAR_TYPES, _dt(_BILINEAR_TYPES)))
_SCALE = ("Value for attr 'T' of bool is not in the list of allowed values: %s\n\t; NodeDef: {{node "
          "ScaleAndTranslate}}; Op<name=ScaleAndTranslate; signature=images:T, size:int32, scale:float, "
          "translation:float -> resized_images:float; attr=T:type,allowed=[%s]; attr=kernel_type:string,"
          "default=\"lanczos3\"; attr=antialias:bool,default=true> [Op:ScaleAndTranslate] name: "
          % (_SCALE_TYPES, _dt(_SCALE_TYPES)))


def _resize_text(kernel, output, attrs):
    return ("Value for attr 'T' of bool is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=images:T, size:int32 -> resized_images:%s; attr=T:type,allowed=[%s]; %s> [Op:%s] "
            "name: " % (_TYPES, kernel, kernel, output, _dt(_TYPES), attrs, kernel))


_BOTH = 'attr=align_corners:bool,default=false; attr=half_pixel_centers:bool,default=false'


@pytest.mark.parametrize('method, antialias, text', [
    ('bilinear', False, _BILINEAR % 'bool'),
    ('nearest', False, _resize_text('ResizeNearestNeighbor', 'T', _BOTH)),
    ('bicubic', False, _resize_text('ResizeBicubic', 'float', _BOTH)),
    ('area', False, _resize_text('ResizeArea', 'float', 'attr=align_corners:bool,default=false')),
    ('lanczos3', False, _SCALE),
    ('bilinear', True, _SCALE),
])
def test_eager_resize_of_bools_is_the_kernels_registry_error(method, antialias, text):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.image.resize(tf.constant(np.ones((1, 4, 4, 1), bool)), [2, 2], method=method, antialias=antialias)
    assert str(caught.value) == text


def test_eager_resize_of_complex():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.image.resize(tf.constant(np.ones((1, 4, 4, 1), np.complex64)), [2, 2])
    assert str(caught.value) == _BILINEAR % 'complex64'


def _caught(fn, dtype, shape):
    return raised_in_trace(fn, dtype, shape)


_GRAPH_TYPES = 'int8, uint8, int16, uint16, int32, int64, float16, float32, float64, bfloat16'


@pytest.mark.parametrize('fn, dtype, shape, text', [
    (lambda x: tf.image.resize(x, [2, 2]), 'bool', (1, 4, 4, 1),
     "'images' has DataType bool not in list of allowed values: int8, uint8, int16, uint16, int32, int64, bfloat16, "
     "float16, float32, float64, bfloat16"),
    (lambda x: tf.image.resize(x, [2, 2]), 'uint32', (1, 4, 4, 1),
     "'images' has DataType uint32 not in list of allowed values: int8, uint8, int16, uint16, int32, int64, bfloat16, "
     "float16, float32, float64, bfloat16"),
    (lambda x: tf.image.resize(x, [2, 2], method='nearest'), 'bool', (1, 4, 4, 1),
     "'images' has DataType bool not in list of allowed values: " + _GRAPH_TYPES),
    (lambda x: tf.image.resize(x, [2, 2], method='area'), 'bool', (1, 4, 4, 1),
     "'images' has DataType bool not in list of allowed values: " + _GRAPH_TYPES),
    (lambda x: tf.image.resize(x, [2, 2], method='gaussian'), 'bool', (1, 4, 4, 1),
     "'images' has DataType bool not in list of allowed values: int8, uint8, int16, uint16, int32, int64, bfloat16, "
     "float16, float32, float64"),
    (lambda x: tf.image.crop_and_resize(x, [[0., 0., 1., 1.]], [0], [2, 2]), 'bool', (1, 4, 4, 1),
     "'image' has DataType bool not in list of allowed values: uint8, uint16, int8, int16, int32, int64, float16, "
     "float32, float64"),
    (lambda x: tf.image.non_max_suppression(x, tf.ones((2,), x.dtype), 1), 'float64', (2, 4),
     "'boxes' has DataType float64 not in list of allowed values: float16, float32"),
    (lambda x: tf.image.draw_bounding_boxes(x, tf.zeros((1, 1, 4)), [[1., 0., 0.]]), 'float64', (1, 4, 4, 3),
     "'images' has DataType float64 not in list of allowed values: float32, float16"),
])
def test_traced_image_kernels_refuse_in_graph_words(fn, dtype, shape, text):
    # TF 2.21 (rs_tf.out, kd_tf.out)
    error = _caught(fn, dtype, shape)
    assert type(error) is TypeError
    assert str(error) == 'Value passed to parameter ' + text
