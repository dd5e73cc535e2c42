"""Image preprocessing layers called on images of strings fail where Keras 3 on TF 2.21 first fails: the
cast to the compute dtype (UnimplementedError from Cast), Resizing's resize kernel registry, RandomContrast's
type promotion, RandomBrightness's cast of its factor. tapeflow raised TypeError 'expected numeric images,
got dtype object' for all (now a note). Golden texts printed by TF 2.21 (/work/notes/progs/errors37/imgstr.py)."""
import pytest

import framework as tf
from framework import keras

L = keras.layers
IMAGES = tf.constant([[['a']]])
CAST = ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast %s is not '
        'supported [Op:Cast] name: ')


def _middle_line(error):
    return str(error).split('\n\n')[1].replace('\x1b[1m', '').replace('\x1b[0m', '')


@pytest.mark.parametrize('make, error_class, text', [
    (lambda: L.CenterCrop(1, 1), tf.errors.UnimplementedError, CAST % 'string to float'),
    (lambda: L.RandomFlip(), tf.errors.UnimplementedError, CAST % 'string to float'),
    (lambda: L.RandomRotation(0.1), tf.errors.UnimplementedError, CAST % 'string to float'),
    (lambda: L.RandomCrop(1, 1), tf.errors.UnimplementedError, CAST % 'string to float'),
    (lambda: L.RandomBrightness(0.1), tf.errors.UnimplementedError, CAST % 'float to string'),
    (lambda: L.RandomContrast(0.1), ValueError, "dtype='string' is not a valid dtype for Keras type promotion."),
    (lambda: L.Resizing(4, 4, interpolation='nearest'), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: int8, uint8, int16, uint16, int32, int64, "
     'half, float, double, bfloat16\n\t; NodeDef: {{node ResizeNearestNeighbor}}; Op<name=ResizeNearestNeighbor; '
     'signature=images:T, size:int32 -> resized_images:T; attr=T:type,allowed=[DT_INT8, DT_UINT8, DT_INT16, '
     'DT_UINT16, DT_INT32, DT_INT64, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_BFLOAT16]; attr=align_corners:bool,'
     'default=false; attr=half_pixel_centers:bool,default=false> [Op:ResizeNearestNeighbor] name: '),
    (lambda: L.Resizing(4, 4), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: int8, uint8, int16, uint16, int32, int64, "
     'bfloat16, half, float, double, bfloat16\n\t; NodeDef: {{node ResizeBilinear}}; Op<name=ResizeBilinear; '
     'signature=images:T, size:int32 -> resized_images:float; attr=T:type,allowed=[DT_INT8, DT_UINT8, DT_INT16, '
     'DT_UINT16, DT_INT32, DT_INT64, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_BFLOAT16]; attr=align_corners:'
     'bool,default=false; attr=half_pixel_centers:bool,default=false> [Op:ResizeBilinear] name: '),
])
def test_string_images_fail_where_tf_fails(make, error_class, text):
    with pytest.raises(error_class) as info:
        make()(IMAGES, training=True)
    assert _middle_line(info.value) == text
    assert any('decode them first' in note for note in info.value.__notes__)


@pytest.mark.parametrize('interpolation, kernel_text', [
    ('area', "Value for attr 'T' of string is not in the list of allowed values: int8, uint8, int16, uint16, int32, "
             'int64, half, float, double, bfloat16\n\t; NodeDef: {{node ResizeArea}}; Op<name=ResizeArea; signature='
             'images:T, size:int32 -> resized_images:float; attr=T:type,allowed=[DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, '
             'DT_INT32, DT_INT64, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_BFLOAT16]; attr=align_corners:bool,default=false> '
             '[Op:ResizeArea] name: '),
    ('lanczos5', "Value for attr 'T' of string is not in the list of allowed values: int8, uint8, int16, uint16, "
                 'int32, int64, bfloat16, half, float, double\n\t; NodeDef: {{node ScaleAndTranslate}}; Op<name='
                 'ScaleAndTranslate; signature=images:T, size:int32, scale:float, translation:float -> resized_images:'
                 'float; attr=T:type,allowed=[DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, DT_INT64, DT_BFLOAT16, '
                 'DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=kernel_type:string,default="lanczos3"; attr=antialias:bool,'
                 'default=true> [Op:ScaleAndTranslate] name: '),
])
def test_resizing_names_its_interpolations_kernel(interpolation, kernel_text):
    # printed by TF 2.21 (/work/notes/progs/errors37/imgstr2.py)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        L.Resizing(4, 4, interpolation=interpolation)(IMAGES)
    assert _middle_line(info.value) == kernel_text

