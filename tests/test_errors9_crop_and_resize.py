"""tf.image.crop_and_resize's operands checked as TF 2.21's CropAndResize checks them, in its order (image,
boxes and indices, crop_size, indices inside the batch, finite boxes), with its classes and texts; tapeflow's
sentence a note. (NaN boxes and images of height 0 were numpy IndexErrors; box indices past the batch a
ValueError, TF's is OutOfRangeError.)

Golden texts and shapes: /work/notes/progs/errors9/p/c1.py run under TensorFlow 2.21 (each call below is
one of its lines)."""
import numpy as np
import pytest

import framework as tf

IAE = tf.errors.InvalidArgumentError
rs = np.random.RandomState(0)
IMG = rs.rand(2, 8, 8, 3).astype('float32')
B = np.array([[0.0, 0.0, 0.5, 0.5], [0.1, 0.1, 0.9, 0.9], [0.5, 0.5, 1.0, 1.0]], 'float32')
I = [0, 1, 0]  # noqa: E741
C = tf.image.crop_and_resize
K = '{{function_node __wrapped__CropAndResize_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:CropAndResize]'


@pytest.mark.parametrize('call, cls, text', [
    (lambda: C(IMG[0], B, I, [4, 4]), IAE,
     K % 'input image must be 4-D[8,8,3]'),
    (lambda: C(np.zeros((2, 0, 8, 3), 'float32'), B, I, [4, 4]), IAE,
     K % 'image dimensions must be positive'),
    (lambda: C(IMG, B[0], I, [4, 4]), IAE,
     K % 'boxes must be 2-D, got: [4]'),
    (lambda: C(IMG, B[:, :3], I, [4, 4]), IAE,
     K % 'boxes must have 4 columns'),
    (lambda: C(IMG, B, 0, [4, 4]), IAE,
     K % 'box_indices must be rank 1 but is shape []'),
    (lambda: C(IMG, B, [0, 1], [4, 4]), IAE,
     K % 'box_index has incompatible shape'),
    (lambda: C(IMG, np.zeros((0, 4), 'float32'), I, [4, 4]), IAE,
     K % 'box_index has incompatible shape'),
    (lambda: C(IMG, np.full((3, 4), np.nan, 'float32'), I, [4, 4]), IAE,
     K % 'Boxes contains at least one element that is not finite'),
    (lambda: C(IMG, B, [0, 2, 0], [4, 4]), tf.errors.OutOfRangeError,
     K % 'box_index has values outside [0, batch_size)'),
    (lambda: C(IMG, B, [0, -1, 0], [4, 4]), tf.errors.OutOfRangeError,
     K % 'box_index has values outside [0, batch_size)'),
    (lambda: C(IMG, B, I, 4), IAE,
     K % 'crop_size must be 1-D[]'),
    (lambda: C(IMG, B, I, [[4, 4]]), IAE,
     K % 'crop_size must be 1-D[1,2]'),
    (lambda: C(IMG, B, I, [4]), IAE,
     K % 'crop_size must have two elements[1]'),
    (lambda: C(IMG, B, I, [0, 4]), IAE,
     K % 'crop dimensions must be positive'),
    (lambda: C(IMG, B, I, [-1, 4]), IAE,
     K % 'crop dimensions must be positive'),
    (lambda: C(IMG, B, I, [2.5, 4.0]), TypeError,
     'Cannot convert [2.5, 4.0] to EagerTensor of dtype int32'),
    (lambda: C(IMG, B, I, 'a'), TypeError,
     "Cannot convert 'a' to EagerTensor of dtype int32"),
    (lambda: C(IMG, B, [0, 1.5, 0], [4, 4]), TypeError,
     'Cannot convert [0, 1.5, 0] to EagerTensor of dtype int32'),
    (lambda: C(IMG, B, I, [4, 4], method='foo'), IAE,
     'Value for attr \'method\' of "foo" is not in the list of allowed values: "bilinear", "nearest"\n\t;'
     ' NodeDef: {{node CropAndResize}}; Op<name=CropAndResize; signature=image:T, boxes:float, box_in'
     'd:int32, crop_size:int32 -> crops:float; attr=T:type,allowed=[DT_UINT8, DT_UINT16, DT_INT8, DT_'
     'INT16, DT_INT32, DT_INT64, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=method:string,default="bilinear"'
     ',allowed=["bilinear", "nearest"]; attr=extrapolation_value:float,default=0> [Op:CropAndResize]'),
    (lambda: C(IMG, B, I, [4, 4], method=3), TypeError,
     "Expected string for argument 'method' not 3."),
    (lambda: C(IMG[0], B[0], 0, [0, 4]), IAE,
     K % 'input image must be 4-D[8,8,3]'),
    (lambda: C(np.zeros((2, 0, 8, 3), 'float32'), B[0], 0, [0, 4]), IAE,
     K % 'image dimensions must be positive'),
    (lambda: C(IMG, B[0], 0, [0, 4]), IAE,
     K % 'boxes must be 2-D, got: [4]'),
    (lambda: C(IMG, B[0], 0, [4, 4]), IAE,
     K % 'boxes must be 2-D, got: [4]'),
    (lambda: C(IMG, B, [0, 9, 0], [0, 4]), IAE,
     K % 'crop dimensions must be positive'),
    (lambda: C(IMG, np.full((3, 4), np.nan, 'float32'), [0, 9, 0], [4, 4]), tf.errors.OutOfRangeError,
     K % 'box_index has values outside [0, batch_size)'),
    (lambda: C(np.zeros((0, 8, 8, 3), 'float32'), B, I, [4, 4]), tf.errors.OutOfRangeError,
     K % 'box_index has values outside [0, batch_size)'),
])
def test_refusals_print_tensorflows_class_and_text(call, cls, text):
    with pytest.raises(cls) as err:
        call()
    assert type(err.value) is cls or cls in (TypeError, ValueError)
    assert str(err.value) == text
    assert err.value.__notes__, 'tapeflow explains in a note'


@pytest.mark.parametrize('call, shape', [
    (lambda: C(np.zeros((2, 8, 8, 0), 'float32'), B, I, [4, 4]), (3, 4, 4, 0)),
    (lambda: C(IMG, np.zeros((0, 4), 'float32'), np.zeros(0, 'int32'), [4, 4]), (0, 4, 4, 3)),
    (lambda: C(np.zeros((0, 8, 8, 3), 'float32'), np.zeros((0, 4), 'float32'), np.zeros(0, 'int32'), [4, 4]),
     (0, 4, 4, 3)),
])
def test_what_tensorflow_takes_computes(call, shape):
    assert tuple(call().shape) == shape
