"""tf.image box, suppression, colour and patch ops given dtypes or arguments TF 2.21's kernels refuse:
TensorFlow's classes and texts (op registry, device kernel lists, kernel checks), tapeflow's sentence a note.

Golden texts: /work/notes/progs/errors9/p/k1.py and x1.py run under TensorFlow 2.21 (the lines below are
their printed str(e), split to fit)."""
import numpy as np
import pytest

import framework as tf

rs = np.random.RandomState(0)
IMG = rs.rand(2, 8, 8, 3).astype('float32')
BOXES = np.array([[0.0, 0.0, 0.5, 0.5], [0.1, 0.1, 0.9, 0.9], [0.5, 0.5, 1.0, 1.0]], 'float32')
SCORES = np.array([0.9, 0.8, 0.3], 'float32')
P = tf.image.extract_patches
K, S, R = [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1]


@pytest.mark.parametrize('call, cls, text', [
    (lambda: tf.image.crop_and_resize(tf.cast(IMG, tf.bool), BOXES, [0, 1, 0], [4, 4]), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: uint8, uint16, int8, int1"
     '6, int32, int64, half, float, double\n\t; NodeDef: {{node CropAndResize}}; Op<name=CropAndRe'
     'size; signature=image:T, boxes:float, box_ind:int32, crop_size:int32 -> crops:float; attr='
     'T:type,allowed=[DT_UINT8, DT_UINT16, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_HALF, DT_FL'
     'OAT, DT_DOUBLE]; attr=method:string,default="bilinear",allowed=["bilinear", "nearest"]; at'
     'tr=extrapolation_value:float,default=0> [Op:CropAndResize]'),
    (lambda: tf.image.crop_and_resize(tf.cast(IMG, tf.complex64), BOXES, [0, 1, 0], [4, 4]), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: uint8, uint16, int8,"
     ' int16, int32, int64, half, float, double\n\t; NodeDef: {{node CropAndResize}}; Op<name=Crop'
     'AndResize; signature=image:T, boxes:float, box_ind:int32, crop_size:int32 -> crops:float; '
     'attr=T:type,allowed=[DT_UINT8, DT_UINT16, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_HALF, '
     'DT_FLOAT, DT_DOUBLE]; attr=method:string,default="bilinear",allowed=["bilinear", "nearest"'
     ']; attr=extrapolation_value:float,default=0> [Op:CropAndResize]'),
    (lambda: tf.image.non_max_suppression(tf.cast(BOXES, tf.int32), SCORES, 2), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, float\n\t; NodeDef: "
     '{{node NonMaxSuppressionV3}}; Op<name=NonMaxSuppressionV3; signature=boxes:T, scores:T, ma'
     'x_output_size:int32, iou_threshold:T_threshold, score_threshold:T_threshold -> selected_in'
     'dices:int32; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]; attr=T_threshold:ty'
     'pe,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]> [Op:NonMaxSuppressionV3] name: '),
    (lambda: tf.image.non_max_suppression(BOXES, tf.cast(SCORES, tf.int32), 2), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, float\n\t; NodeDef: "
     '{{node NonMaxSuppressionV3}}; Op<name=NonMaxSuppressionV3; signature=boxes:T, scores:T, ma'
     'x_output_size:int32, iou_threshold:T_threshold, score_threshold:T_threshold -> selected_in'
     'dices:int32; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]; attr=T_threshold:ty'
     'pe,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]> [Op:NonMaxSuppressionV3] name: '),
    (lambda: tf.image.non_max_suppression_with_scores(tf.cast(BOXES, tf.float64), SCORES, 2), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of double is not in the list of allowed values: half, float\n\t; NodeDef:"
     ' {{node NonMaxSuppressionV5}}; Op<name=NonMaxSuppressionV5; signature=boxes:T, scores:T, m'
     'ax_output_size:int32, iou_threshold:T, score_threshold:T, soft_nms_sigma:T -> selected_ind'
     'ices:int32, selected_scores:T, valid_outputs:int32; attr=T:type,default=DT_FLOAT,allowed=['
     'DT_HALF, DT_FLOAT]; attr=pad_to_max_output_size:bool,default=false> [Op:NonMaxSuppressionV'
     '5] name: '),
    (lambda: tf.image.draw_bounding_boxes(tf.cast(IMG, tf.uint8), np.stack([BOXES, BOXES]), [[1.0, 0.0, 0.0]]), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: float, half\n\t; NodeDef: "
     '{{node DrawBoundingBoxesV2}}; Op<name=DrawBoundingBoxesV2; signature=images:T, boxes:float'
     ', colors:float -> output:T; attr=T:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_HALF]> [Op:'
     'DrawBoundingBoxesV2]'),
    (lambda: tf.image.adjust_contrast(tf.cast(IMG, tf.float16), 0.5), tf.errors.NotFoundError,
     'Could not find device for node: {{node AdjustContrastv2}} = AdjustContrastv2[T=DT_HALF]\nAl'
     "l kernels registered for op AdjustContrastv2:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_H"
     "ALF]\n  device='CPU'; T in [DT_FLOAT]\n [Op:AdjustContrastv2] name: "),
    (lambda: tf.image.adjust_saturation(tf.cast(IMG, tf.float16), 0.5), tf.errors.NotFoundError,
     'Could not find device for node: {{node AdjustSaturation}} = AdjustSaturation[T=DT_HALF]\nAl'
     "l kernels registered for op AdjustSaturation:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_H"
     "ALF]\n  device='CPU'; T in [DT_FLOAT]\n [Op:AdjustSaturation] name: "),
    (lambda: tf.image.adjust_hue(tf.cast(IMG, tf.float16), 0.5), tf.errors.NotFoundError,
     'Could not find device for node: {{node AdjustHue}} = AdjustHue[T=DT_HALF]\nAll kernels regi'
     "stered for op AdjustHue:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_HALF]\n  device='CPU'; "
     'T in [DT_FLOAT]\n [Op:AdjustHue] name: '),
    (lambda: tf.image.crop_and_resize(IMG, tf.cast(BOXES, tf.int32), [0, 1, 0], [4, 4]), ValueError,
     'Tensor conversion requested dtype float32 for Tensor with dtype int32: <tf.Tensor: shape=('
     '3, 4), dtype=int32, numpy=\narray([[0, 0, 0, 0],\n       [0, 0, 0, 0],\n       [0, 0, 1, 1]],'
     ' dtype=int32)>'),
    (lambda: tf.image.non_max_suppression(BOXES, SCORES, 2.5), TypeError,
     'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (lambda: P(IMG, K, None, R, 'VALID'), tf.errors.InvalidArgumentError,
     "Length for attr 'strides' of 0 must be at least minimum 4\n\t; NodeDef: {{node ExtractImageP"
     'atches}}; Op<name=ExtractImagePatches; signature=images:T -> patches:T; attr=ksizes:list(i'
     'nt),min=4; attr=strides:list(int),min=4; attr=rates:list(int),min=4; attr=T:type,allowed=['
     'DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8'
     ', DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL]; attr=padding:str'
     'ing,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches] name: '),
    (lambda: P(IMG, K, S, [1, 1, 1], 'VALID'), tf.errors.InvalidArgumentError,
     "Length for attr 'rates' of 3 must be at least minimum 4\n\t; NodeDef: {{node ExtractImagePat"
     'ches}}; Op<name=ExtractImagePatches; signature=images:T -> patches:T; attr=ksizes:list(int'
     '),min=4; attr=strides:list(int),min=4; attr=rates:list(int),min=4; attr=T:type,allowed=[DT'
     '_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, '
     'DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL]; attr=padding:strin'
     'g,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches] name: '),
    (lambda: P(IMG, [1, 0, 2, 1], S, R, 'VALID'), tf.errors.OutOfRangeError,
     '{{function_node __wrapped__ExtractImagePatches_device_/job:localhost/replica:0/task:0/devi'
     'ce:CPU:0}} ksizes is out of range. [Op:ExtractImagePatches] name: '),
    (lambda: P(IMG, [2, 2, 2, 1], S, R, 'VALID'), tf.errors.UnimplementedError,
     '{{function_node __wrapped__ExtractImagePatches_device_/job:localhost/replica:0/task:0/devi'
     'ce:CPU:0}} Only support ksizes across space. [Op:ExtractImagePatches] name: '),
    (lambda: P(IMG, K, [1, 0, 2, 1], R, 'VALID'), tf.errors.OutOfRangeError,
     '{{function_node __wrapped__ExtractImagePatches_device_/job:localhost/replica:0/task:0/devi'
     'ce:CPU:0}} strides is out of range. [Op:ExtractImagePatches] name: '),
    (lambda: P(IMG, K, S, [2, 1, 1, 1], 'VALID'), tf.errors.UnimplementedError,
     '{{function_node __wrapped__ExtractImagePatches_device_/job:localhost/replica:0/task:0/devi'
     'ce:CPU:0}} Only support rates across space. [Op:ExtractImagePatches] name: '),
    (lambda: P(IMG, np.array([1, 2, 2, 1]), S, R, 'VALID'), TypeError,
     "Expected list for 'ksizes' argument to 'extract_image_patches' Op, not array([1, 2, 2, 1])"
     '.'),
    (lambda: P(IMG, K, S, R, 'valid'), tf.errors.InvalidArgumentError,
     'Value for attr \'padding\' of "valid" is not in the list of allowed values: "SAME", "VALID"\n'
     '\t; NodeDef: {{node ExtractImagePatches}}; Op<name=ExtractImagePatches; signature=images:T '
     '-> patches:T; attr=ksizes:list(int),min=4; attr=strides:list(int),min=4; attr=rates:list(i'
     'nt),min=4; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT'
     '16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLE'
     'X128, DT_BOOL]; attr=padding:string,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches] na'
     'me: '),
    (lambda: P(IMG, K, S, R, None), TypeError,
     "Expected string for argument 'padding' not None."),
    (lambda: P(IMG, K, S, R, 'EXPLICIT'), tf.errors.InvalidArgumentError,
     'Value for attr \'padding\' of "EXPLICIT" is not in the list of allowed values: "SAME", "VALI'
     'D"\n\t; NodeDef: {{node ExtractImagePatches}}; Op<name=ExtractImagePatches; signature=images'
     ':T -> patches:T; attr=ksizes:list(int),min=4; attr=strides:list(int),min=4; attr=rates:lis'
     't(int),min=4; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_'
     'INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COM'
     'PLEX128, DT_BOOL]; attr=padding:string,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches]'
     ' name: '),
    (lambda: P(tf.cast(IMG, tf.bool), K, S, R, 'VALID'), tf.errors.NotFoundError,
     'Could not find device for node: {{node ExtractImagePatches}} = ExtractImagePatches[T=DT_BO'
     'OL, ksizes=[1, 2, 2, 1], padding="VALID", rates=[1, 1, 1, 1], strides=[1, 2, 2, 1]]\nAll ke'
     "rnels registered for op ExtractImagePatches:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DO"
     "UBLE, DT_INT32, DT_BFLOAT16, DT_HALF]\n  device='CPU'; T in [DT_COMPLEX128]\n  device='CPU';"
     " T in [DT_COMPLEX64]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n  de"
     "vice='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; T in [DT_HALF]\n  device='CPU'; T in [DT_INT"
     "32]\n  device='CPU'; T in [DT_INT8]\n  device='CPU'; T in [DT_UINT8]\n  device='CPU'; T in [D"
     "T_INT16]\n  device='CPU'; T in [DT_UINT16]\n  device='CPU'; T in [DT_UINT32]\n  device='CPU';"
     " T in [DT_INT64]\n  device='CPU'; T in [DT_UINT64]\n [Op:ExtractImagePatches] name: "),
    (lambda: P(tf.constant('a'), K, S, R, 'VALID'), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, "
     'double, int8, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128, b'
     'ool\n\t; NodeDef: {{node ExtractImagePatches}}; Op<name=ExtractImagePatches; signature=image'
     's:T -> patches:T; attr=ksizes:list(int),min=4; attr=strides:list(int),min=4; attr=rates:li'
     'st(int),min=4; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT'
     '_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_CO'
     'MPLEX128, DT_BOOL]; attr=padding:string,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches'
     '] name: '),
    (lambda: P(IMG[0], K, S, R, 'VALID'), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__ExtractImagePatches_device_/job:localhost/replica:0/task:0/devi'
     'ce:CPU:0}} input must be 4-dimensional[8,8,3] [Op:ExtractImagePatches] name: '),
    (lambda: P(tf.cast(IMG, tf.bool)[0], K, S, R, 'foo'), tf.errors.InvalidArgumentError,
     'Value for attr \'padding\' of "foo" is not in the list of allowed values: "SAME", "VALID"\n\t;'
     ' NodeDef: {{node ExtractImagePatches}}; Op<name=ExtractImagePatches; signature=images:T ->'
     ' patches:T; attr=ksizes:list(int),min=4; attr=strides:list(int),min=4; attr=rates:list(int'
     '),min=4; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16'
     ', DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX1'
     '28, DT_BOOL]; attr=padding:string,allowed=["SAME", "VALID"]> [Op:ExtractImagePatches] name'
     ': '),
])
def test_refusals_print_tensorflows_class_and_text(call, cls, text):
    with pytest.raises(cls) as err:
        call()
    assert type(err.value) is cls or cls in (TypeError, ValueError)
    assert str(err.value) == text
    assert err.value.__notes__, 'tapeflow explains in a note'


@pytest.mark.parametrize('call, shape', [
    (lambda: P(IMG, [1, 9, 2, 1], S, R, 'VALID'), (2, 0, 4, 54)),
    (lambda: P(IMG, [1, 2.0, 2, 1], S, R, 'VALID'), (2, 4, 4, 12)),
    (lambda: P(IMG, (1, 2, 2, 1), S, R, 'VALID'), (2, 4, 4, 12)),
    (lambda: P(np.zeros((0, 8, 8, 3), 'float32'), K, S, R, 'VALID'), (0, 4, 4, 12)),
    (lambda: P(np.zeros((2, 0, 0, 3), 'float32'), K, S, R, 'SAME'), (2, 0, 0, 12)),
    (lambda: P(np.zeros((2, 8, 8, 0), 'float32'), K, S, R, 'SAME'), (2, 4, 4, 0)),
])
def test_extract_patches_shapes_without_patches_match_tensorflow(call, shape):
    # an empty batch or image keeps its patch depth (kh * kw * channels), as TF's
    assert tuple(call().shape) == shape


def test_what_tensorflow_takes_still_computes():
    assert tf.image.crop_and_resize(tf.cast(IMG, tf.float64), BOXES.astype('float64'), [0, 1, 0], [4, 4]).shape == \
        (3, 4, 4, 3)
    assert tf.image.non_max_suppression(tf.cast(BOXES, tf.float16), tf.cast(SCORES, tf.float16), 2).numpy().tolist() \
        == [0, 1]
    assert tf.image.draw_bounding_boxes(tf.cast(IMG, tf.float16), np.stack([BOXES, BOXES]), [[1.0, 0.0, 0.0]]).dtype \
        == tf.float16
    assert tf.image.adjust_contrast(tf.cast(IMG, tf.float64), 0.5).dtype == tf.float64
    assert P(tf.cast(IMG, tf.int32), K, S, R, 'SAME').shape == (2, 4, 4, 12)
