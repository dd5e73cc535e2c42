"""tf.norm of integer tensors as TF 2.21: its 1, inf and p norms start with Abs, so int32 / int64 tensors compute in
their dtype (tf.norm(int32 matrix, ord=1, axis=[0, 1]) is int32 9), uint8 / bool meet Abs's registry error, a p-norm
of ints pow's TypeError for 1 / p, and a matrix 2-norm Svd's registry error. tapeflow refused every integer tensor
with Sqrt's registry error."""
import numpy as np
import pytest

import framework as tf

X = [[1, -2, 3], [4, 0, -6]]


@pytest.mark.parametrize('kwargs, dtype, expected', [
    (dict(ord=1), 'int32', 16), (dict(ord=np.inf), 'int64', 6), (dict(ord=1, axis=[0, 1]), 'int32', 9),
    (dict(ord=np.inf, axis=[0, 1]), 'int64', 10), (dict(ord=1, axis=1, keepdims=True), 'int32', [[6], [10]]),
    (dict(ord=np.inf, axis=[1, 0], keepdims=True), 'int32', [[9]])])
def test_integer_norms_compute_in_their_dtype(kwargs, dtype, expected):
    # values printed by TF 2.21 (tf.norm(tf.cast(X, dtype), **kwargs): dtype kept)
    result = tf.norm(tf.cast(tf.constant(X), dtype), **kwargs)
    assert result.dtype == dtype
    assert result.numpy().tolist() == expected


# printed by TF 2.21: [str(kwargs), dtype, type(e).__name__ or the result's dtype, str(e) or the value]
TF_ROWS = [
    [
    "{'ord': 3}",
    "int32",
    "TypeError",
    "Cannot convert 0.3333333333333333 to EagerTensor of dtype int32"
    ],
    [
    "{'ord': 3}",
    "uint8",
    "InvalidArgumentError",
    "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]> [Op:Abs] name: "
    ],
    [
    "{'ord': 2, 'axis': [0, 1]}",
    "int32",
    "InvalidArgumentError",
    "Value for attr 'T' of int32 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node Svd}}; Op<name=Svd; signature=input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; attr=full_matrices:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:Svd] name: "
    ],
    [
    "{'ord': 2, 'axis': [0, 1]}",
    "uint8",
    "InvalidArgumentError",
    "Value for attr 'T' of uint8 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node Svd}}; Op<name=Svd; signature=input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; attr=full_matrices:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:Svd] name: "
    ],
    [
    "{'ord': 1, 'axis': [0, 1]}",
    "int32",
    "int32",
    9
    ],
    [
    "{'ord': 1, 'axis': [0, 1]}",
    "uint8",
    "InvalidArgumentError",
    "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]> [Op:Abs] name: "
    ]
    ]


@pytest.mark.parametrize('kwargs, dtype, kind, text', [row for row in TF_ROWS if row[2] not in ('int32', 'uint8')])
def test_integer_norm_refusals_in_tf_words(kwargs, dtype, kind, text):
    with pytest.raises(Exception) as err:
        tf.norm(tf.cast(tf.constant(X), dtype), **eval(kwargs, {'inf': np.inf}))
    assert type(err.value).__name__ == kind
    assert str(err.value) == text


def test_float_norms_unchanged():
    x = tf.constant([[1.0, -2.0, 3.0], [4.0, 0.0, -6.0]])
    np.testing.assert_allclose(tf.norm(x, ord=3).numpy(), np.sum(np.abs(x.numpy()) ** 3) ** (1 / 3), rtol=1e-6)
    assert tf.norm(x, ord=1, axis=[0, 1]).numpy() == 9.0
