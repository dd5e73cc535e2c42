"""Integer, bool and Python-list inputs to Keras 3's newer activations, as TF 2.21 answers them.

Goldens: the exception type and text TF 2.21 / Keras 3.15 printed for each call
(/work/notes/progs/kerasops12/g1.py under /opt/tfref, 27 of 27 equal after the fix). Keras's formula
meets its first kernel under another name (tanh_shrink's Tanh, glu's Sigmoid, squareplus's Sqrt or Square,
hard_shrink's Abs, sparse_plus's Pow, mish's Softplus, keras.activations.log_sigmoid's Neg); a Python list
handed unconverted to elu / selu / softplus / softsign / tanh_shrink takes eager's slow path (no ' name: '
tail); glu and softmax over an axis read ``x.shape`` first; soft_shrink / threshold / sparse_plus compare
the list with Python's operator first.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
A = keras.activations

CASES = [
    ('ops.tanh_shrink int32', lambda: ops.tanh_shrink(tf.constant([1, 2])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Tanh}}; Op<name=Tanh; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Tanh] name: "),
    ('ops.tanh_shrink list', lambda: ops.tanh_shrink([1, 2]),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Tanh}}; Op<name=Tanh; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Tanh]"),
    ('act.tanh_shrink list', lambda: A.tanh_shrink([1, 2]),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Tanh}}; Op<name=Tanh; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Tanh]"),
    ('ops.elu list', lambda: ops.elu([1, 2]),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node Elu}}; Op<name=Elu; signature=features:T -> activations:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:Elu]"),
    ('ops.softsign list', lambda: ops.softsign([1, 2]),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node Softsign}}; Op<name=Softsign; signature=features:T -> activations:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:Softsign]"),
    ('act.selu list', lambda: A.selu([1, 2]),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node Selu}}; Op<name=Selu; signature=features:T -> activations:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:Selu]"),
    ('ops.softplus int', lambda: ops.softplus(3),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node Softplus}}; Op<name=Softplus; signature=features:T -> activations:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:Softplus] name: "),
    ('ops.glu list', lambda: ops.glu([1.0, 2.0]),
     AttributeError,
     "'list' object has no attribute 'shape'"),
    ('act.glu int', lambda: A.glu(3),
     AttributeError,
     "'int' object has no attribute 'shape'"),
    ('ops.glu int32', lambda: ops.glu(tf.constant([1, 2])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Sigmoid}}; Op<name=Sigmoid; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sigmoid] name: "),
    ('ops.squareplus bool', lambda: ops.squareplus(tf.constant([True, False])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128\n\t; NodeDef: {{node Square}}; Op<name=Square; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]> [Op:Square] name: "),
    ('ops.squareplus list', lambda: ops.squareplus([1, 2]),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt] name: "),
    ('ops.hard_shrink uint8', lambda: ops.hard_shrink(tf.constant([1, 2], tf.uint8)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]> [Op:Abs] name: "),
    ('act.hard_shrink bool', lambda: A.hard_shrink(tf.constant([True, False])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]> [Op:Abs] name: "),
    ('ops.sparse_plus uint8', lambda: ops.sparse_plus(tf.constant([1, 2], tf.uint8)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, float, half, double, int8, int16, int32, int64, complex64, complex128\n\t; NodeDef: {{node Pow}}; Op<name=Pow; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]> [Op:Pow] name: "),
    ('ops.sparse_plus bool', lambda: ops.sparse_plus(tf.constant([True, False])),
     TypeError,
     'Cannot convert -1 to EagerTensor of dtype bool'),
    ('act.sparse_sigmoid bool', lambda: A.sparse_sigmoid(tf.constant([True, False])),
     TypeError,
     'Cannot convert -1 to EagerTensor of dtype bool'),
    ('ops.sparse_sigmoid int32', lambda: ops.sparse_sigmoid(tf.constant([1, 2])),
     TypeError,
     'Cannot convert 0.0 to EagerTensor of dtype int32'),
    ('ops.soft_shrink list', lambda: ops.soft_shrink([1.0, 2.0]),
     TypeError,
     "'>' not supported between instances of 'list' and 'float'"),
    ('act.threshold list', lambda: A.threshold([1.0, 2.0], 1, 0.0),
     TypeError,
     "'>' not supported between instances of 'list' and 'int'"),
    ('ops.sparse_plus tuple', lambda: ops.sparse_plus((1.0, 2.0)),
     TypeError,
     "'<=' not supported between instances of 'tuple' and 'int'"),
    ('ops.softmax list', lambda: ops.softmax([1.0, 2.0]),
     AttributeError,
     "'list' object has no attribute 'shape'"),
    ('ops.softmax tuple axis', lambda: ops.softmax(2.0, axis=(0,)),
     AttributeError,
     "'float' object has no attribute 'shape'"),
    ('ops.log_softmax tuple axis', lambda: ops.log_softmax([[1.0, 2.0]], axis=(0, 1)),
     AttributeError,
     "'list' object has no attribute 'shape'"),
    ('act.mish int32', lambda: A.mish(tf.constant([1, 2])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node Softplus}}; Op<name=Softplus; signature=features:T -> activations:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:Softplus] name: "),
    ('act.log_sigmoid bool', lambda: A.log_sigmoid(tf.constant([True, False])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128\n\t; NodeDef: {{node Neg}}; Op<name=Neg; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]> [Op:Neg] name: "),
    ('act.log_sigmoid uint8', lambda: A.log_sigmoid(tf.constant([1, 2], tf.uint8)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128\n\t; NodeDef: {{node Neg}}; Op<name=Neg; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]> [Op:Neg] name: "),
]


@pytest.mark.parametrize('label, call, error, text', CASES, ids=[case[0] for case in CASES])
def test_activation_input_refusals_as_tf(label, call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert str(caught.value) == text


def test_glu_and_softmax_name_themselves_in_a_note():
    with pytest.raises(AttributeError) as caught:
        ops.glu([1.0, 2.0])
    assert 'keras.ops.glu' in ' '.join(caught.value.__notes__)


def test_float_inputs_still_compute(epyc_cpu):
    # TF 2.21 on the AMD EPYC (its softmax's reciprocal estimate): softmax([1.0, 2.0], axis=None) reads no
    # shape; soft_shrink of a float tensor
    assert [float(v).hex() for v in np.asarray(ops.softmax([1.0, 2.0], axis=None))] == \
        ['0x1.1365620000000p-2', '0x1.764d500000000p-1']
    assert np.asarray(ops.soft_shrink(tf.constant([1.0, 0.25]))).tolist() == [0.5, 0.0]
