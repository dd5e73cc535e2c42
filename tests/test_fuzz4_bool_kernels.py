"""Bool tensors given to kernels that take numbers but no bool: TensorFlow 2.21 raises its op registry's
InvalidArgumentError; numpy (tapeflow before) summed, sorted, squared or multiplied the Trues silently
(tf.cumsum(mask) gave a bool tensor, tf.round(mask) a float16 one). Texts printed by TF 2.21 (/opt/tfref)."""
import numpy as np
import pytest

import framework as tf

B = tf.constant([[True, False, True], [False, True, True]])
SQUARE_B = tf.constant([[True, False], [False, True]])

# op -> (call, TensorFlow's kernel named in '{{node X}}' and '[Op:X]')
CALLS = {
    'cumsum': (lambda: tf.cumsum(B), 'Cumsum'), 'cumsum_list': (lambda: tf.cumsum([True, False]), 'Cumsum'),
    'cumprod': (lambda: tf.math.cumprod(B, axis=1), 'Cumprod'),
    'sort': (lambda: tf.sort(B), 'Neg'), 'argsort': (lambda: tf.argsort(B), 'Neg'),    # TF sorts by -x
    'top_k': (lambda: tf.math.top_k(B), 'TopKV2'), 'matmul': (lambda: tf.matmul(B, tf.transpose(B)), 'MatMul'),
    'square': (lambda: tf.square(B), 'Square'), 'round': (lambda: tf.round(B), 'Round'), 'abs': (lambda: tf.abs(B), 'Abs'),
    'greater': (lambda: tf.greater(B, B), 'Greater'), 'greater_equal': (lambda: tf.greater_equal(B, B), 'GreaterEqual'),
    'less_equal': (lambda: tf.less_equal(B, B), 'LessEqual'), 'minimum': (lambda: tf.minimum(B, B), 'Minimum'),
    'reduce_min': (lambda: tf.reduce_min(B), 'Min'),
    'reduce_euclidean_norm': (lambda: tf.math.reduce_euclidean_norm(B), 'EuclideanNorm'),
    'tensor_diag': (lambda: tf.linalg.tensor_diag(tf.constant([True, False])), 'Diag'),
    'tensor_diag_part': (lambda: tf.linalg.tensor_diag_part(SQUARE_B), 'DiagPart'),
    'truncatediv': (lambda: tf.truncatediv(B, B), 'TruncateDiv'), 'truncatemod': (lambda: tf.truncatemod(B, B), 'TruncateMod'),
}


@pytest.mark.parametrize('name', sorted(CALLS))
def test_bool_tensors_meet_the_kernels_refusal(name):
    call, kernel = CALLS[name]
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    text = str(err.value)
    assert text.startswith("Value for attr 'T' of bool is not in the list of allowed values: ")
    assert '{{node %s}}' % kernel in text and text.endswith('[Op:%s] name: ' % kernel)


def test_the_texts_are_tensorflows_word_for_word():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.cumsum(B)
    assert str(err.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
        "complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64\n"
        "\t; NodeDef: {{node Cumsum}}; Op<name=Cumsum; signature=x:T, axis:Tidx -> out:T; "
        "attr=exclusive:bool,default=false; attr=reverse:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, "
        "DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, "
        "DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Cumsum] name: ")
    assert any('cumsum' in note for note in err.value.__notes__)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.matmul(B, tf.transpose(B))
    assert str(err.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int32, int64, "
        "uint8, uint16, uint32, uint64, complex64, complex128\n\t; NodeDef: {{node MatMul}}; Op<name=MatMul; "
        "signature=a:T, b:T -> product:T; attr=transpose_a:bool,default=false; attr=transpose_b:bool,default=false; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
        "DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; attr=grad_a:bool,default=false; "
        "attr=grad_b:bool,default=false> [Op:MatMul] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.reduce_min(B)
    assert str(err.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
        "int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16\n\t; NodeDef: "
        "{{node Min}}; Op<name=Min; signature=input:T, reduction_indices:Tidx -> output:T; "
        "attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, "
        "DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, "
        "DT_QINT16, DT_QUINT16]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Min] name: ")


def test_the_same_ops_still_take_numbers_and_the_bool_ops_take_bools():
    ints = tf.cast(B, tf.int32)
    assert tf.cumsum(ints, axis=1).numpy().tolist() == [[1, 1, 2], [0, 1, 2]]
    assert tf.reduce_min(ints).numpy() == 0 and tf.sort(ints).numpy().tolist() == [[0, 1, 1], [0, 1, 1]]
    assert tf.round(tf.constant([0.5, 1.5])).numpy().tolist() == [0.0, 2.0]
    # TF takes bools in these: logical reductions, equality, and the * operator (a logical and)
    assert bool(tf.reduce_all(B).numpy()) is False and bool(tf.reduce_any(B).numpy()) is True
    assert (B * B).numpy().tolist() == B.numpy().tolist() and tf.equal(B, B).numpy().all()
    assert tf.reduce_max(tf.cast(B, tf.int8)).numpy() == 1
    np.testing.assert_array_equal(tf.maximum(ints, 0).numpy(), ints.numpy())
