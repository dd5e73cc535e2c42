"""``framework.keras.ops`` and ``framework.keras.random``: Keras 3's op namespace on tapeflow.

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below, and printing
the result's values and ``keras.ops.dtype``; float32 values are written in
their shortest float32 repr. Two rows (``vstack`` of a matrix and a vector,
``pad`` with an int width) fail on Keras's TensorFlow backend; Keras documents
numpy's behaviour for them, so those rows hold ``np.vstack`` / ``np.pad``.
"""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
I = np.array([[1, -2, 3], [4, 0, -6]], np.int32)  # noqa: E741
V = np.array([0.2, 0.7, 0.1], np.float32)
B = np.array([[True, False, True], [False, False, True]])
P = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32)
IMG = np.arange(32, dtype=np.float32).reshape(1, 4, 4, 2) / 10
SEQ = np.arange(12, dtype=np.float32).reshape(1, 6, 2) / 10
K2 = (np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2) - 8) / 10
K1 = (np.arange(12, dtype=np.float32).reshape(3, 2, 2) - 6) / 10
M = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.add(X, V)', [[0.7, -0.8, 2.1], [3.2, 0.95, -0.65]], 'float32'),
    ('ops.add(I, X)', [[1.5, -3.5, 5.0], [7.0, 0.25, -6.75]], 'float32'),
    ('ops.add(I, 1.5)', [[2.5, -0.5, 4.5], [5.5, 1.5, -4.5]], 'float32'),
    ('ops.add(I, 2)', [[3, 0, 5], [6, 2, -4]], 'int32'),
    ('ops.subtract(V, X)', [[-0.3, 2.2, -1.9], [-2.8, 0.45, 0.85]], 'float32'),
    ('ops.multiply(X, 2)', [[1.0, -3.0, 4.0], [6.0, 0.5, -1.5]], 'float32'),
    ('ops.divide(I, 4)', [[0.25, -0.5, 0.75], [1.0, 0.0, -1.5]], 'float32'),
    ('ops.divide(X, V)', [[2.5, -2.142857, 20.0], [15.0, 0.35714287, -7.5]], 'float32'),
    ('ops.true_divide(I, I + 10)', [[0.09090909, -0.25, 0.23076923], [0.2857143, 0.0, -1.5]], 'float32'),
    ('ops.floor_divide(I, 4)', [[0, -1, 0], [1, 0, -2]], 'int32'), ('ops.mod(I, 4)', [[1, 2, 3], [0, 0, 2]], 'int32'),
    ('ops.mod(X, 0.7)', [[0.5, 0.59999996, 0.6], [0.20000005, 0.25, 0.65]], 'float32'),
    ('ops.power(X, 2)', [[0.25, 2.25, 4.0], [9.0, 0.0625, 0.5625]], 'float32'),
    ('ops.power(I, 2)', [[1, 4, 9], [16, 0, 36]], 'int32'),
    ('ops.power(V, X)', [[0.4472136, 1.7074695, 0.010000001], [0.008, 0.9146912, 5.623413]], 'float32'),
    ('ops.maximum(X, 0.3)', [[0.5, 0.3, 2.0], [3.0, 0.3, 0.3]], 'float32'),
    ('ops.minimum(I, X)', [[0.5, -2.0, 2.0], [3.0, 0.0, -6.0]], 'float32'),
    ('ops.equal(I, 0)', [[False, False, False], [False, True, False]], 'bool'),
    ('ops.not_equal(X, 0.5)', [[False, True, True], [True, True, True]], 'bool'),
    ('ops.greater(X, V)', [[True, False, True], [True, False, False]], 'bool'),
    ('ops.greater_equal(I, 1)', [[True, False, True], [True, False, False]], 'bool'),
    ('ops.less(X, 0)', [[False, True, False], [False, False, True]], 'bool'),
    ('ops.less_equal(I, 0)', [[False, True, False], [False, True, True]], 'bool'),
    ('ops.logical_and(B, I)', [[True, False, True], [False, False, True]], 'bool'),
    ('ops.logical_or(B, False)', [[True, False, True], [False, False, True]], 'bool'),
    ('ops.logical_not(I)', [[False, False, False], [False, True, False]], 'bool'),
    ('ops.logical_xor(B, True)', [[False, True, False], [True, True, False]], 'bool'),
    ('ops.abs(X)', [[0.5, 1.5, 2.0], [3.0, 0.25, 0.75]], 'float32'), ('ops.abs(I)', [[1, 2, 3], [4, 0, 6]], 'int32'),
    ('ops.negative(I)', [[-1, 2, -3], [-4, 0, 6]], 'int32'),
    ('ops.sign(X)', [[1.0, -1.0, 1.0], [1.0, 1.0, -1.0]], 'float32'),
    ('ops.square(I)', [[1, 4, 9], [16, 0, 36]], 'int32'), ('ops.sqrt(V)', [0.4472136, 0.83666, 0.31622776], 'float32'),
    ('ops.sqrt(ops.abs(I))', [[1.0, 1.4142135, 1.7320508], [2.0, 0.0, 2.4494898]], 'float32'),
    ('ops.exp(X)', [[1.6487212, 0.22313017, 7.389056], [20.085537, 1.2840254, 0.47236654]], 'float32'),
    ('ops.exp(I)', [[2.7182817, 0.13533528, 20.085537], [54.59815, 1.0, 0.0024787523]], 'float32'),
    ('ops.log(V)', [-1.609438, -0.35667497, -2.3025851], 'float32'),
    ('ops.log1p(V)', [0.18232156, 0.53062826, 0.09531018], 'float32'),
    ('ops.expm1(V)', [0.22140276, 1.0137527, 0.10517092], 'float32'),
    ('ops.sin(X)', [[0.47942555, -0.997495, 0.9092974], [0.14112, 0.24740396, -0.6816388]], 'float32'),
    ('ops.cos(I)', [[0.5403023, -0.41614684, -0.9899925], [-0.6536436, 1.0, 0.96017027]], 'float32'),
    ('ops.tanh(X)', [[0.46211714, -0.9051483, 0.9640276], [0.9950547, 0.24491866, -0.63514894]], 'float32'),
    ('ops.tan(V)', [0.20271003, 0.8422884, 0.100334674], 'float32'),
    ('ops.arctan(X)', [[0.4636476, -0.98279375, 1.1071488], [1.2490457, 0.24497867, -0.6435011]], 'float32'),
    ('ops.sinh(V)', [0.20133601, 0.75858366, 0.10016675], 'float32'),
    ('ops.cosh(V)', [1.0200667, 1.255169, 1.0050042], 'float32'),
    ('ops.log2(V)', [-2.321928, -0.5145732, -3.321928], 'float32'),
    ('ops.log10(V)', [-0.69897, -0.15490197, -1.0], 'float32'),
    ('ops.exp2(V)', [1.1486983, 1.6245048, 1.0717734], 'float32'),
    ('ops.reciprocal(V)', [5.0, 1.4285715, 10.0], 'float32'),
    ('ops.erf(X)', [[0.5204999, -0.9661051, 0.99532235], [0.999978, 0.27632642, -0.71115565]], 'float32'),
    ('ops.ceil(X)', [[1.0, -1.0, 2.0], [3.0, 1.0, -0.0]], 'float32'),
    ('ops.floor(X)', [[0.0, -2.0, 2.0], [3.0, 0.0, -1.0]], 'float32'),
    ('ops.round(X)', [[0.0, -2.0, 2.0], [3.0, 0.0, -1.0]], 'float32'),
    ('ops.round(X * 10.123, 1)', [[5.1, -15.2, 20.2], [30.4, 2.5, -7.6]], 'float32'),
    ('ops.isnan(ops.log(X))', [[False, True, False], [False, False, True]], 'bool'),
    ('ops.isinf(ops.divide(X, 0.0))', [[True, True, True], [True, True, True]], 'bool'),
    ('ops.isfinite(I)', [[True, True, True], [True, True, True]], 'bool'), ('ops.sum(X)', 3.5, 'float32'),
    ('ops.sum(X, axis=0)', [3.5, -1.25, 1.25], 'float32'),
    ('ops.sum(X, axis=1, keepdims=True)', [[1.0], [2.5]], 'float32'), ('ops.sum(B)', 3, 'int32'),
    ('ops.sum(I, axis=(0, 1))', 0, 'int32'), ('ops.mean(X)', 0.5833333, 'float32'),
    ('ops.mean(I, axis=1)', [0.6666667, -0.6666667], 'float32'),
    ('ops.mean(X, axis=-1, keepdims=True)', [[0.33333334], [0.8333333]], 'float32'), ('ops.max(X)', 3.0, 'float32'),
    ('ops.max(X, axis=0)', [3.0, 0.25, 2.0], 'float32'), ('ops.max(I, axis=1, initial=2)', [3, 4], 'int32'),
    ('ops.min(X, axis=1, keepdims=True)', [[-1.5], [-0.75]], 'float32'),
    ('ops.prod(X, axis=1)', [-1.5, -0.5625], 'float32'), ('ops.prod(I)', 0, 'int32'),
    ('ops.std(X, axis=0)', [1.25, 0.875, 1.375], 'float32'), ('ops.var(X)', 2.347222, 'float32'),
    ('ops.var(I, axis=1)', [4.2222223, 16.88889], 'float32'), ('ops.all(B, axis=0)', [False, False, True], 'bool'),
    ('ops.any(I)', True, 'bool'), ('ops.all(B)', False, 'bool'), ('ops.count_nonzero(I)', 5, 'int32'),
    ('ops.logsumexp(X, axis=1)', [2.2258022, 3.0838315], 'float32'), ('ops.logsumexp(X)', 3.437299, 'float32'),
    ('ops.argmax(X)', 3, 'int32'), ('ops.argmax(X, axis=1)', [2, 0], 'int32'),
    ('ops.argmin(X, axis=0, keepdims=True)', [[0, 0, 1]], 'int32'),
    ('ops.argmax(I, axis=-1, keepdims=True)', [[2], [0]], 'int32'),
    ('ops.cumsum(X)', [0.5, -1.0, 1.0, 4.0, 4.25, 3.5], 'float32'),
    ('ops.cumsum(X, axis=1)', [[0.5, -1.0, 1.0], [3.0, 3.25, 2.5]], 'float32'),
    ('ops.cumprod(I, axis=0)', [[1, -2, 3], [4, 0, -18]], 'int32'),
    ('ops.average(X, axis=1, weights=V)', [-0.74999994, 0.70000005], 'float32'),
    ('ops.average(X)', 0.5833333, 'float32'), ('ops.norm(X)', 4.0155945, 'float32'),
    ('ops.norm(X, axis=1)', [2.5495098, 3.1024184], 'float32'),
    ('ops.norm(X, ord=1, axis=0)', [3.5, 1.75, 2.75], 'float32'),
    ('ops.norm(X, ord=np.inf, axis=-1)', [2.0, 3.0], 'float32'),
    ('ops.norm(X, ord="fro", axis=(0, 1))', 4.0155945, 'float32'),
    ('ops.norm(I, ord=1, axis=(0, 1), keepdims=True)', [[9.0]], 'float32'),
    ('ops.norm(X, ord=3, axis=1)', [2.2571788, 3.016117], 'float32'), ('ops.arange(5)', [0, 1, 2, 3, 4], 'int32'),
    ('ops.arange(1, 2, 0.25)', [1.0, 1.25, 1.5, 1.75], 'float32'), ('ops.arange(2, 11, 3)', [2, 5, 8], 'int32'),
    ('ops.arange(4, dtype="float32")', [0.0, 1.0, 2.0, 3.0], 'float32'),
    ('ops.linspace(0, 1, 5)', [0.0, 0.25, 0.5, 0.75, 1.0], 'float32'),
    ('ops.linspace(0.0, 2.0, 4, endpoint=False)', [0.0, 0.5, 1.0, 1.5], 'float32'),
    ('ops.linspace(1.0, 3.0, 3, retstep=True)[1]', 1.0, 'float32'), ('ops.zeros((2, 1))', [[0.0], [0.0]], 'float32'),
    ('ops.ones(3, dtype="int32")', [1, 1, 1], 'int32'), ('ops.full((2, 2), 3)', [[3.0, 3.0], [3.0, 3.0]], 'float32'),
    ('ops.full((2,), 7, dtype="int32")', [7, 7], 'int32'), ('ops.full_like(I, 2.5)', [[2, 2, 2], [2, 2, 2]], 'int32'),
    ('ops.full_like(X, 2)', [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]], 'float32'),
    ('ops.zeros_like(I)', [[0, 0, 0], [0, 0, 0]], 'int32'),
    ('ops.ones_like(X, dtype="int32")', [[1, 1, 1], [1, 1, 1]], 'int32'),
    ('ops.eye(3)', [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], 'float32'),
    ('ops.eye(2, 3, k=1)', [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], 'float32'),
    ('ops.identity(2, dtype="int32")', [[1, 0], [0, 1]], 'int32'),
    ('ops.tril(X)', [[0.5, 0.0, 0.0], [3.0, 0.25, 0.0]], 'float32'),
    ('ops.triu(X, k=1)', [[0.0, -1.5, 2.0], [0.0, 0.0, -0.75]], 'float32'),
    ('ops.tril(np.ones((3, 3), np.float32), k=-1)', [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]], 'float32'),
    ('ops.diag(V)', [[0.2, 0.0, 0.0], [0.0, 0.7, 0.0], [0.0, 0.0, 0.1]], 'float32'),
    ('ops.diag(V, k=-1)', [[0.0, 0.0, 0.0, 0.0], [0.2, 0.0, 0.0, 0.0], [0.0, 0.7, 0.0, 0.0], [0.0, 0.0, 0.1, 0.0]],
     'float32'),
    ('ops.diag(X)', [0.5, 0.25], 'float32'), ('ops.diag(X, k=1)', [-1.5, -0.75], 'float32'),
    ('ops.array([1, 2])', [1, 2], 'int32'), ('ops.array([1.0, 2])', [1.0, 2.0], 'float32'),
    ('ops.convert_to_tensor(I, dtype="float32")', [[1.0, -2.0, 3.0], [4.0, 0.0, -6.0]], 'float32'),
    ('ops.cast(X, "int32")', [[0, -1, 2], [3, 0, 0]], 'int32'),
    ('ops.reshape(X, (3, 2))', [[0.5, -1.5], [2.0, 3.0], [0.25, -0.75]], 'float32'),
    ('ops.reshape(X, (-1,))', [0.5, -1.5, 2.0, 3.0, 0.25, -0.75], 'float32'),
    ('ops.expand_dims(V, 0)', [[0.2, 0.7, 0.1]], 'float32'),
    ('ops.expand_dims(V, (0, 2))', [[[0.2], [0.7], [0.1]]], 'float32'),
    ('ops.squeeze(np.ones((1, 3, 1)))', [1.0, 1.0, 1.0], 'float64'),
    ('ops.squeeze(np.ones((1, 3, 1)), axis=0)', [[1.0], [1.0], [1.0]], 'float64'),
    ('ops.transpose(X)', [[0.5, 3.0], [-1.5, 0.25], [2.0, -0.75]], 'float32'),
    ('ops.transpose(np.arange(6).reshape(1, 2, 3), (2, 0, 1))', [[[0, 3]], [[1, 4]], [[2, 5]]], 'int64'),
    ('ops.broadcast_to(V, (2, 3))', [[0.2, 0.7, 0.1], [0.2, 0.7, 0.1]], 'float32'),
    ('ops.concatenate([X, X], axis=1)', [[0.5, -1.5, 2.0, 0.5, -1.5, 2.0], [3.0, 0.25, -0.75, 3.0, 0.25, -0.75]],
     'float32'),
    ('ops.concatenate([I, X])', [[1.0, -2.0, 3.0], [4.0, 0.0, -6.0], [0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.stack([V, V], axis=1)', [[0.2, 0.2], [0.7, 0.7], [0.1, 0.1]], 'float32'),
    ('ops.hstack([X, X])', [[0.5, -1.5, 2.0, 0.5, -1.5, 2.0], [3.0, 0.25, -0.75, 3.0, 0.25, -0.75]], 'float32'),
    ('ops.vstack([X, V])', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75], [0.2, 0.7, 0.1]], 'float32'),
    ('ops.split(X, 3, axis=1)[2]', [[2.0], [-0.75]], 'float32'),
    ('ops.split(np.arange(10), [3, 5])[1]', [3, 4], 'int64'), ('ops.unstack(X)[1]', [3.0, 0.25, -0.75], 'float32'),
    ('ops.flip(X)', [[-0.75, 0.25, 3.0], [2.0, -1.5, 0.5]], 'float32'),
    ('ops.flip(X, axis=1)', [[2.0, -1.5, 0.5], [-0.75, 0.25, 3.0]], 'float32'),
    ('ops.pad(X, 1)',
     [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.5, -1.5, 2.0, 0.0], [0.0, 3.0, 0.25, -0.75, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]],
     'float32'),
    ('ops.pad(X, ((0, 1), (2, 0)), constant_values=9)',
     [[9.0, 9.0, 0.5, -1.5, 2.0], [9.0, 9.0, 3.0, 0.25, -0.75], [9.0, 9.0, 9.0, 9.0, 9.0]], 'float32'),
    ('ops.pad(X, ((0, 0), (1, 2)), mode="reflect")',
     [[-1.5, 0.5, -1.5, 2.0, -1.5, 0.5], [0.25, 3.0, 0.25, -0.75, 0.25, 3.0]], 'float32'),
    ('ops.pad(X, ((1, 0), (1, 1)), mode="symmetric")',
     [[0.5, 0.5, -1.5, 2.0, 2.0], [0.5, 0.5, -1.5, 2.0, 2.0], [3.0, 3.0, 0.25, -0.75, -0.75]], 'float32'),
    ('ops.tile(V, 2)', [0.2, 0.7, 0.1, 0.2, 0.7, 0.1], 'float32'),
    ('ops.tile(X, (2, 1))', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75], [0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.tile(V, (2, 1, 2))', [[[0.2, 0.7, 0.1, 0.2, 0.7, 0.1]], [[0.2, 0.7, 0.1, 0.2, 0.7, 0.1]]], 'float32'),
    ('ops.repeat(X, 2)', [0.5, 0.5, -1.5, -1.5, 2.0, 2.0, 3.0, 3.0, 0.25, 0.25, -0.75, -0.75], 'float32'),
    ('ops.repeat(X, 2, axis=0)', [[0.5, -1.5, 2.0], [0.5, -1.5, 2.0], [3.0, 0.25, -0.75], [3.0, 0.25, -0.75]],
     'float32'),
    ('ops.repeat(X, [1, 0, 2], axis=1)', [[0.5, 2.0, 2.0], [3.0, -0.75, -0.75]], 'float32'),
    ('ops.take(X, np.array([4, -1, 0]))', [0.25, -0.75, 0.5], 'float32'),
    ('ops.take(X, np.array([[1, 0]]), axis=1)', [[[-1.5, 0.5]], [[0.25, 3.0]]], 'float32'),
    ('ops.take_along_axis(X, np.array([[2, 0], [1, 1]]), axis=1)', [[2.0, 0.5], [0.25, 0.25]], 'float32'),
    ('ops.take_along_axis(X, np.array([[1, 0, 1]]), axis=0)', [[3.0, -1.5, -0.75]], 'float32'),
    ('ops.where(X > 0, X, 0.0)', [[0.5, 0.0, 2.0], [3.0, 0.25, 0.0]], 'float32'),
    ('ops.where(B, I, X)', [[1.0, -1.5, 3.0], [3.0, 0.25, -6.0]], 'float32'), ('ops.where(B)[1]', [0, 2, 2], 'int32'),
    ('ops.clip(X, -1, 1)', [[0.5, -1.0, 1.0], [1.0, 0.25, -0.75]], 'float32'),
    ('ops.clip(I, 0, 3)', [[1, 0, 3], [3, 0, 0]], 'int32'),
    ('ops.sort(X)', [[-1.5, 0.5, 2.0], [-0.75, 0.25, 3.0]], 'float32'),
    ('ops.sort(X, axis=0)', [[0.5, -1.5, -0.75], [3.0, 0.25, 2.0]], 'float32'),
    ('ops.argsort(X)', [[1, 0, 2], [2, 1, 0]], 'int32'), ('ops.argsort(X, axis=None)', [1, 5, 4, 0, 2, 3], 'int32'),
    ('ops.top_k(X, 2)[0]', [[2.0, 0.5], [3.0, 0.25]], 'float32'), ('ops.top_k(X, 2)[1]', [[2, 0], [0, 1]], 'int32'),
    ('ops.matmul(X, X.T)', [[6.5, -0.375], [-0.375, 9.625]], 'float32'),
    ('ops.matmul(V, X.T)', [-0.75, 0.70000005], 'float32'), ('ops.matmul(X, V)', [-0.74999994, 0.70000005], 'float32'),
    ('ops.dot(V, V)', 0.53999996, 'float32'), ('ops.dot(X, V)', [-0.74999994, 0.70000005], 'float32'),
    ('ops.dot(X, X.T)', [[6.5, -0.375], [-0.375, 9.625]], 'float32'),
    ('ops.dot(2.0, X)', [[1.0, -3.0, 4.0], [6.0, 0.5, -1.5]], 'float32'),
    ('ops.tensordot(X, X, axes=2)', 16.125, 'float32'),
    ('ops.einsum("ij,j->i", X, V)', [-0.74999994, 0.70000005], 'float32'),
    ('ops.einsum("ij,ij->", X, I)', 26.0, 'float32'),
    ('ops.outer(V, V)', [[0.040000003, 0.14, 0.020000001], [0.14, 0.48999998, 0.07], [0.020000001, 0.07, 0.010000001]],
     'float32'),
    ('ops.slice(X, (0, 1), (2, 2))', [[-1.5, 2.0], [0.25, -0.75]], 'float32'),
    ('ops.slice_update(X, (1, 1), np.array([[9.0, 8.0]], np.float32))', [[0.5, -1.5, 2.0], [3.0, 9.0, 8.0]],
     'float32'),
    ('ops.swapaxes(np.arange(6).reshape(1, 2, 3), 0, 2)', [[[0], [3]], [[1], [4]], [[2], [5]]], 'int64'),
    ('ops.moveaxis(np.arange(6).reshape(1, 2, 3), 0, -1)', [[[0], [1], [2]], [[3], [4], [5]]], 'int64'),
    ('ops.meshgrid(V, V[:2])[0]', [[0.2, 0.7, 0.1], [0.2, 0.7, 0.1]], 'float32'),
    ('ops.meshgrid(V, V[:2], indexing="ij")[1]', [[0.2, 0.7], [0.2, 0.7], [0.2, 0.7]], 'float32'),
    ('ops.relu(X)', [[0.5, 0.0, 2.0], [3.0, 0.25, 0.0]], 'float32'),
    ('ops.relu6(X * 3)', [[1.5, 0.0, 6.0], [6.0, 0.75, 0.0]], 'float32'),
    ('ops.sigmoid(X)', [[0.62245935, 0.18242551, 0.8807971], [0.95257413, 0.5621765, 0.3208213]], 'float32'),
    ('ops.softplus(X)', [[0.974077, 0.20141329, 2.126928], [3.0485873, 0.8259394, 0.386871]], 'float32'),
    ('ops.softsign(X)', [[0.33333334, -0.6, 0.6666667], [0.75, 0.2, -0.42857143]], 'float32'),
    ('ops.silu(X)', [[0.31122968, -0.27363828, 1.7615942], [2.8577223, 0.14054413, -0.24061596]], 'float32'),
    ('ops.swish(X)', [[0.31122968, -0.27363828, 1.7615942], [2.8577223, 0.14054413, -0.24061596]], 'float32'),
    ('ops.gelu(X)', [[0.345714, -0.10042843, 1.9545977], [2.9963627, 0.14967535, -0.17003945]], 'float32'),
    ('ops.gelu(X, approximate=False)', [[0.34573123, -0.10021083, 1.9544997], [2.9959502, 0.14967658, -0.16997054]],
     'float32'),
    ('ops.elu(X)', [[0.5, -0.77686983, 2.0], [3.0, 0.25, -0.5276334]], 'float32'),
    ('ops.elu(X, alpha=0.5)', [[0.5, -0.38843492, 2.0], [3.0, 0.25, -0.2638167]], 'float32'),
    ('ops.selu(X)', [[0.5253505, -1.3658143, 2.101402], [3.152103, 0.26267526, -0.927632]], 'float32'),
    ('ops.leaky_relu(X)', [[0.5, -0.3, 2.0], [3.0, 0.25, -0.15]], 'float32'),
    ('ops.leaky_relu(X, negative_slope=0.1)', [[0.5, -0.15, 2.0], [3.0, 0.25, -0.075]], 'float32'),
    ('ops.hard_sigmoid(X)', [[0.5833333, 0.25, 0.8333333], [1.0, 0.5416667, 0.375]], 'float32'),
    ('ops.hard_silu(X)', [[0.29166666, -0.375, 1.6666666], [3.0, 0.13541667, -0.28125]], 'float32'),
    ('ops.log_sigmoid(X)', [[-0.474077, -1.7014133, -0.126928], [-0.048587352, -0.5759394, -1.1368711]], 'float32'),
    ('ops.softmax(X)', [[0.17803021, 0.02409377, 0.79787606], [0.91958624, 0.05878718, 0.021626597]], 'float32'),
    ('ops.softmax(X, axis=0)', [[0.07585819, 0.1480472, 0.93991333], [0.9241418, 0.85195273, 0.06008665]], 'float32'),
    ('ops.log_softmax(X)', [[-1.7258021, -3.7258022, -0.2258021], [-0.083831474, -2.8338315, -3.8338315]], 'float32'),
    ('ops.one_hot(np.array([0, 2, 1]), 3)', [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]], 'float32'),
    ('ops.one_hot(np.array([1, 3]), 3, axis=0)', [[0.0, 0.0], [1.0, 0.0], [0.0, 0.0]], 'float32'),
    ('ops.binary_crossentropy(P, V * np.ones((2, 1), np.float32))',
     [[0.5004024, 0.94978344, 1.2039728], [1.0549202, 0.94978344, 0.325083]], 'float32'),
    ('ops.binary_crossentropy(np.ones((2, 3), np.float32), X, from_logits=True)',
     [[0.474077, 1.7014133, 0.126928], [0.048587352, 0.5759394, 1.136871]], 'float32'),
    ('ops.binary_crossentropy(np.array([0.0, 1.0], np.float32), np.array([0.0, 1.0], np.float32))',
     [1.1920929e-07, 1.1920929e-07], 'float32'),
    ('ops.categorical_crossentropy(P, P[::-1] * 2)', [1.6146495, 1.3961694], 'float32'),
    ('ops.categorical_crossentropy(P, X, from_logits=True)', [1.5758022, 1.2838316], 'float32'),
    ('ops.categorical_crossentropy(P.T, X.T, from_logits=True, axis=0)', [1.5758022, 1.2838316], 'float32'),
    ('ops.sparse_categorical_crossentropy(np.array([2, 0]), P)', [0.6931472, 0.5108256], 'float32'),
    ('ops.sparse_categorical_crossentropy(np.array([[1], [2]]), X, from_logits=True)', [3.7258022, 3.8338315],
     'float32'),
    ('ops.moments(X, axes=[0])[1]', [1.5625, 0.765625, 1.890625], 'float32'),
    ('ops.moments(X, axes=[0, 1], keepdims=True)[0]', [[0.5833333]], 'float32'),
    ('ops.normalize(X)', [[0.19611613, -0.5883484, 0.78446454], [0.9669876, 0.0805823, -0.2417469]], 'float32'),
    ('ops.normalize(X, axis=0, order=1)',
     [[0.14285715, -0.85714287, 0.72727275], [0.85714287, 0.14285715, -0.27272728]], 'float32'),
    ('ops.conv(IMG, K2)',
     [[[[1.0400001, 1.48], [0.87999994, 1.4799999], [0.72, 1.48]],
       [[0.39999998, 1.48], [0.24000001, 1.4799998], [0.08000019, 1.48]],
       [[-0.24000028, 1.4799999], [-0.39999998, 1.4800001], [-0.5600003, 1.48]]]],
     'float32'),
    ('ops.conv(IMG, K2, strides=2, padding="same")',
     [[[[1.0400001, 1.48], [0.72, 1.48]], [[-0.24000028, 1.4799999], [-0.5600003, 1.48]]]], 'float32'),
    ('ops.conv(SEQ, K1)',
     [[[0.2, 0.35000002], [0.07999998, 0.35], [-0.04000001, 0.34999996], [-0.16000001, 0.35000005]]], 'float32'),
    ('ops.conv(SEQ, K1, padding="same", strides=2)',
     [[[0.2, 0.35000002], [-0.04000001, 0.34999996], [-1.0400001, -0.66]]], 'float32'),
    ('ops.conv(np.transpose(IMG, (0, 3, 1, 2)), K2, data_format="channels_first")',
     [[[[1.0400001, 0.87999994, 0.72], [0.39999998, 0.24000001, 0.08000019], [-0.24000028, -0.39999998, -0.5600003]],
       [[1.48, 1.4799999, 1.48], [1.48, 1.4799998, 1.48], [1.4799999, 1.4800001, 1.48]]]],
     'float32'),
    ('ops.max_pool(IMG, 2)', [[[[1.0, 1.1], [1.4, 1.5]], [[2.6, 2.7], [3.0, 3.1]]]], 'float32'),
    ('ops.max_pool(IMG, 3, strides=1, padding="same")',
     [[[[1.0, 1.1], [1.2, 1.3], [1.4, 1.5], [1.4, 1.5]], [[1.8, 1.9], [2.0, 2.1], [2.2, 2.3], [2.2, 2.3]],
       [[2.6, 2.7], [2.8, 2.9], [3.0, 3.1], [3.0, 3.1]], [[2.6, 2.7], [2.8, 2.9], [3.0, 3.1], [3.0, 3.1]]]],
     'float32'),
    ('ops.average_pool(IMG, 2)', [[[[0.5, 0.6], [0.9, 1.0]], [[2.1, 2.2], [2.5, 2.6]]]], 'float32'),
    ('ops.average_pool(IMG, (2, 3), strides=(1, 1), padding="same")',
     [[[[0.5, 0.6], [0.6, 0.7], [0.8, 0.8999999], [0.9, 1.0]],
       [[1.3, 1.4], [1.4, 1.5], [1.5999999, 1.6999999], [1.7, 1.8]], [[2.1, 2.2], [2.2, 2.3], [2.4, 2.5], [2.5, 2.6]],
       [[2.5, 2.6], [2.6000001, 2.7], [2.8, 2.9000003], [2.9, 3.0]]]],
     'float32'),
    ('ops.max_pool(SEQ, 2)', [[[0.2, 0.3], [0.6, 0.7], [1.0, 1.1]]], 'float32'),
    ('ops.average_pool(SEQ, 3, strides=2, padding="same")', [[[0.2, 0.29999998], [0.59999996, 0.7], [0.9, 1.0]]],
     'float32'),
    ('ops.stop_gradient(X)', [[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.cond(ops.sum(X) > 0, lambda: X + 1, lambda: X - 1)', [[1.5, -0.5, 3.0], [4.0, 1.25, 0.25]], 'float32'),
    ('ops.fori_loop(0, 3, lambda i, v: v * 2 + i, X)', [[8.0, -8.0, 20.0], [28.0, 6.0, -2.0]], 'float32'),
    ('ops.while_loop(lambda i, v: i < 4, lambda i, v: (i + 1, v * 1.5), (0, X))[1]',
     [[2.53125, -7.59375, 10.125], [15.1875, 1.265625, -3.796875]], 'float32'),
    ('ops.while_loop(lambda v: ops.sum(v) < 100, lambda v: v * 2, V + 1, maximum_iterations=3)', [9.6, 13.6, 8.8],
     'float32'),
    ('ops.scan(lambda c, x: (c + x, c * x), ops.zeros(3), X)[0]', [3.5, -1.25, 1.25], 'float32'),
    ('ops.scan(lambda c, x: (c + x, c * x), ops.zeros(3), X)[1]', [[0.0, -0.0, 0.0], [1.5, -0.375, -1.5]], 'float32'),
    ('ops.scan(lambda c, x: (c + x, c * x), ops.ones(3), X, reverse=True)[1]',
     [[2.0, -1.875, 0.5], [3.0, 0.25, -0.75]], 'float32'),
    ('ops.map(lambda r: ops.sum(r * r), X)', [6.5, 9.625], 'float32'),
    ('ops.arctan2(X, V)', [[1.19029, -1.1341691, 1.5208379], [1.5042281, 0.34302396, -1.4382448]], 'float32'),
    ('ops.arctan2(I, 2)', [[0.4636476, -0.7853982, 0.98279375], [1.1071488, 0.0, -1.2490457]], 'float32'),
    ('ops.inv(M)', [[0.6, -0.2], [-0.2, 0.4]], 'float32'), ('ops.det(M)', 5.0, 'float32'),
    ('ops.slogdet(-M)[0]', 1.0, 'float32'), ('ops.slogdet(-M)[1]', 1.609438, 'float32'),
    ('ops.solve(M, V[:2])', [-0.019999996, 0.24], 'float32'),
    ('ops.solve(M, X[:, :2])', [[-0.3, -0.95], [1.1, 0.4]], 'float32'),
    ('ops.segment_sum(V, np.array([0, 2, 0]), num_segments=4)', [0.3, 0.0, 0.7, 0.0], 'float32'),
    ('ops.segment_max(X, np.array([0, 0]))', [[3.0, 0.25, 2.0]], 'float32'),
    ('ops.scatter(np.array([[0], [2], [0]]), V, (4,))', [0.3, 0.0, 0.7, 0.0], 'float32'),
    ('ops.scatter(np.array([[0, 1], [1, 2]]), V[:2], (2, 3))', [[0.0, 0.2, 0.0], [0.0, 0.0, 0.7]], 'float32'),
    ('ops.scatter_update(X, np.array([[0, 1], [1, 0]]), V[:2])', [[0.5, 0.2, 2.0], [0.7, 0.25, -0.75]], 'float32'),
    ('ops.scatter_update(X, np.array([[1]]), V[None])', [[0.5, -1.5, 2.0], [0.2, 0.7, 0.1]], 'float32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=1e-6)


# ---- gradients: the tape against central differences, in float64 ----------------------------
A = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6]])
C = np.array([0.5, 0.2, 0.9])
Q = np.array([[0.2, 0.5, 0.3], [0.7, 0.1, 0.2]])
IMG64, K264, SEQ64, K164 = (a.astype(np.float64) for a in (IMG, K2, SEQ, K1))
GRADIENT_CASES = {
    'mean': (lambda a: ops.mean(ops.square(a), axis=1), [A]),
    'sum_keepdims': (lambda a: ops.sum(a * a, axis=0, keepdims=True), [A]),
    'var_std': (lambda a: ops.var(a, axis=1) + ops.std(a), [A]),
    'max_min': (lambda a: ops.max(a, axis=1, keepdims=True) - ops.min(a, axis=0, keepdims=True), [A]),
    'prod': (lambda a: ops.prod(a, axis=0), [A]),
    'cumsum_cumprod': (lambda a: ops.cumsum(a) + ops.cumprod(a, axis=1)[0, 2], [A]),
    'logsumexp': (lambda a: ops.logsumexp(a, axis=0), [A]),
    'norm': (lambda a: ops.norm(a) + ops.norm(a, ord=3, axis=1)[0] + ops.norm(a, ord=1, axis=(0, 1)), [A]),
    'average': (lambda a, w: ops.average(a, axis=1, weights=w), [A, C]),
    'power_divide': (lambda a, c: ops.power(ops.abs(a) + 1, c) + ops.divide(a, c + 1), [A, C]),
    'clip_where': (lambda a: ops.where(a > 0, ops.clip(a, -0.5, 0.5), a * 3), [A]),
    'take': (lambda a: ops.take(a, np.array([4, 0, 4])) + ops.take(a, np.array([2]), axis=1)[0], [A]),
    'take_along_axis': (lambda a: ops.take_along_axis(a, np.array([[2, 2], [0, 1]]), axis=1), [A]),
    'repeat_tile': (lambda a: ops.sum(ops.repeat(a, [2, 0, 1], axis=1)) * ops.tile(a, (1, 2)), [A]),
    'tril_triu_diag': (lambda a, c: ops.tril(a) + ops.triu(a, k=1) * 2 + ops.diag(c, k=1)[:2, :3] + ops.diag(a)[0], [A, C]),
    'pad': (lambda a: ops.pad(a, 1) + ops.pad(a, ((1, 1), (0, 2)), mode='reflect')
            + ops.pad(a, ((1, 1), (1, 1)), mode='symmetric'), [A]),
    'flip_concat_stack': (lambda a, c: ops.concatenate([ops.flip(a), ops.vstack([c])]) * ops.hstack([c, c])[:3]
                          + ops.stack([c, c])[0], [A, C]),
    'matmul_dot': (lambda a, c: ops.matmul(a, c) + ops.dot(a, ops.outer(c, c))[:, 0] + ops.sum(ops.matmul(c[:2], a)), [A, C]),
    'einsum_tensordot': (lambda a, c: ops.einsum('ij,j->i', a, c) * ops.tensordot(a, a, axes=2), [A, C]),
    'slice_update': (lambda a, c: ops.slice_update(a, (1, 0), ops.reshape(c[:2], (1, 2)))
                     + ops.sum(ops.slice(a, (0, 1), (2, 2))), [A, C]),
    'sort_top_k': (lambda a: ops.sort(a) * ops.top_k(a, 3)[0], [A]),
    'activations': (lambda a: ops.gelu(a) + ops.gelu(a, approximate=False) + ops.elu(a) + ops.selu(a)
                    + ops.leaky_relu(a) + ops.silu(a) + ops.softplus(a) + ops.log_sigmoid(a), [A]),
    'softmax': (lambda a: ops.softmax(a) * ops.log_softmax(a, axis=0), [A]),
    'crossentropies': (lambda a, q: ops.binary_crossentropy(q, ops.sigmoid(a))
                       + ops.binary_crossentropy(q, a, from_logits=True)
                       + ops.expand_dims(ops.categorical_crossentropy(q, ops.softmax(a)), 1)
                       + ops.expand_dims(ops.categorical_crossentropy(q, a, from_logits=True), 1)
                       + ops.expand_dims(ops.sparse_categorical_crossentropy(np.array([2, 0]), ops.softmax(a)), 1)
                       + ops.expand_dims(ops.sparse_categorical_crossentropy(np.array([1, 1]), a, True), 1), [A, Q]),
    'normalize_moments': (lambda a: ops.normalize(a) + ops.normalize(a, axis=0, order=1)
                          + ops.moments(a, axes=[1], keepdims=True)[1], [A]),
    'conv2d': (lambda x, k: ops.conv(x, k, strides=2, padding='same'), [IMG64, K264]),
    'conv1d': (lambda x, k: ops.conv(x, k, padding='same'), [SEQ64, K164]),
    'pools': (lambda x: ops.max_pool(x, 2) + ops.average_pool(x, 3, strides=2, padding='same'), [IMG64]),
    'loops': (lambda a, c: ops.fori_loop(0, 3, lambda i, v: v * c + i, a)
              + ops.while_loop(lambda i, v: i < 2, lambda i, v: (i + 1, ops.tanh(v)), (0, a))[1], [A, C]),
    'scan': (lambda a, c: ops.scan(lambda carry, x: (carry * x + 1, carry * 2), c, a)[1], [A, C]),
    'cond_map': (lambda a: ops.cond(ops.sum(a) > 0, lambda: ops.map(ops.sum, a * a), lambda: a[0]), [A]),
    'segments_scatter': (lambda a, c: ops.segment_sum(a, np.array([1, 1]), num_segments=2)
                         + ops.segment_max(a, np.array([0, 1]))
                         + ops.scatter_update(a, np.array([[0, 1]]), c[:1])
                         + ops.reshape(ops.scatter(np.array([[0], [5], [0]]), c, (6,)), (2, 3)), [A, C]),
    'inv_det_solve': (lambda m, c: ops.inv(m) * ops.det(m) + ops.slogdet(m)[1] + ops.solve(m, c[:2]),
                      [np.array([[2.0, 0.5], [0.3, 1.5]]), C]),
    'arctan2': (lambda a, c: ops.arctan2(a, c + 1), [A, C]),
    'shuffle_dropout': (lambda a: keras.random.shuffle(a, seed=3) * keras.random.dropout(a, 0.5, seed=4), [A]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


def test_segment_sum_counts_distinct_ids_as_keras_on_tensorflow():
    # Keras 3 documents num_segments=None as inferred from the ids; its TF backend counts the distinct
    # ids (tf.unique), so [1, 1] gives one segment and id 1 is out of range (TF 2.21's IAE, fuzz6/p/k1.py)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'segment_ids\[0\] = 1 is out of range \[0, 1\)'):
        ops.segment_sum(X, np.array([1, 1]))
    np.testing.assert_allclose(ops.segment_sum(X, np.array([1, 1]), num_segments=2),
                               [[0.0, 0.0, 0.0], [3.5, -1.25, 1.25]])
    with pytest.raises(ValueError, match='keras.ops.scatter_update'):
        ops.scatter_update(X, np.array([[0, 0]]), V[:1], reduction='max')


def test_stop_gradient_blocks_and_integer_paths_carry_no_gradient():
    x = tf.Variable(A)
    with tf.GradientTape() as tape:
        loss = ops.sum(ops.stop_gradient(x) * x) + ops.sum(ops.cast(ops.argmax(x, axis=1), 'float64'))
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), A)


def test_a_keras3_style_training_step_fits_a_line():
    # A custom loop as Keras 3 documents it: keras.ops for the maths, a tape for the gradient.
    keras.utils.set_random_seed(0)
    x = keras.random.uniform((64, 1), -1.0, 1.0, seed=1)
    y = 3.0 * x - 0.5
    w, b = tf.Variable(np.zeros((1, 1), np.float32)), tf.Variable(np.zeros((1,), np.float32))
    for _ in range(200):
        with tf.GradientTape() as tape:
            loss = ops.mean(ops.square(y - (ops.matmul(x, w) + b)))
        for var, grad in zip((w, b), tape.gradient(loss, [w, b])):
            var.assign_sub(0.3 * grad)
    np.testing.assert_allclose([float(w.numpy()[0, 0]), float(b.numpy()[0])], [3.0, -0.5], atol=1e-3)


# ---- keras.random ------------------------------------------------------------------------------
DRAWS = {
    'normal': lambda seed: keras.random.normal((500,), 1.0, 2.0, seed=seed),
    'uniform': lambda seed: keras.random.uniform((500,), -1.0, 3.0, seed=seed),
    'truncated_normal': lambda seed: keras.random.truncated_normal((500,), 0.0, 1.0, seed=seed),
    'randint': lambda seed: keras.random.randint((500,), 2, 7, seed=seed),
    'shuffle': lambda seed: keras.random.shuffle(np.arange(50), seed=seed),
    'dropout': lambda seed: keras.random.dropout(np.ones((500,), np.float32), 0.25, seed=seed),
    'categorical': lambda seed: keras.random.categorical(np.log([[0.1, 0.9], [0.5, 0.5]]), 200, seed=seed),
    'gamma': lambda seed: keras.random.gamma((500,), 2.0, seed=seed),
    'beta': lambda seed: keras.random.beta((500,), 2.0, 3.0, seed=seed),
    'binomial': lambda seed: keras.random.binomial((500,), 10, 0.3, seed=seed),
}


@pytest.mark.parametrize('name', sorted(DRAWS))
def test_int_seed_is_stateless_and_seed_generator_advances_but_repeats(name):
    draw = DRAWS[name]
    np.testing.assert_array_equal(np.asarray(draw(7)), np.asarray(draw(7)))
    assert not np.array_equal(np.asarray(draw(7)), np.asarray(draw(8)))
    gen_a, gen_b = keras.random.SeedGenerator(5), keras.random.SeedGenerator(5)
    first, second = np.asarray(draw(gen_a)), np.asarray(draw(gen_a))
    assert not np.array_equal(first, second)
    np.testing.assert_array_equal(first, np.asarray(draw(gen_b)))
    np.testing.assert_array_equal(second, np.asarray(draw(gen_b)))


@pytest.mark.parametrize('name', sorted(DRAWS))
def test_unseeded_draws_repeat_after_set_random_seed(name):
    def run():
        keras.utils.set_random_seed(11)
        return np.asarray(DRAWS[name](None)), np.asarray(DRAWS[name](keras.random.SeedGenerator()))
    (a1, a2), (b1, b2) = run(), run()
    np.testing.assert_array_equal(a1, b1)
    np.testing.assert_array_equal(a2, b2)


def test_random_distributions_dtypes_and_ranges():
    normal = keras.random.normal((20000,), 1.0, 2.0, seed=1).numpy()
    assert normal.dtype == np.float32 and abs(normal.mean() - 1.0) < 0.05 and abs(normal.std() - 2.0) < 0.05
    uniform = keras.random.uniform((20000,), -1.0, 3.0, seed=1, dtype='float64').numpy()
    assert uniform.dtype == np.float64 and uniform.min() >= -1.0 and uniform.max() < 3.0
    assert abs(uniform.mean() - 1.0) < 0.05
    truncated = keras.random.truncated_normal((20000,), 0.0, 0.5, seed=1).numpy()
    assert np.abs(truncated).max() <= 1.0 and 0.4 < truncated.std() < 0.45
    ints = keras.random.randint((2000,), 2, 7, seed=1)
    assert ints.dtype == np.int32 and set(ints.numpy().tolist()) == {2, 3, 4, 5, 6}
    assert sorted(keras.random.shuffle(np.arange(50), seed=2).numpy().tolist()) == list(range(50))
    kept = keras.random.dropout(np.ones((20000,), np.float32), 0.25, seed=1).numpy()
    assert set(np.unique(kept).tolist()) == {0.0, np.float32(1 / 0.75)} and abs((kept == 0).mean() - 0.25) < 0.02
    masked = keras.random.dropout(np.ones((4, 50), np.float32), 0.5, noise_shape=(None, 1), seed=1).numpy()
    assert all(len(set(row.tolist())) == 1 for row in masked)
    samples = keras.random.categorical(np.log([[0.1, 0.9], [1.0, 1e-12]]), 4000, seed=1)
    assert samples.dtype == np.int32 and samples.shape == (2, 4000)
    assert abs(samples.numpy()[0].mean() - 0.9) < 0.03 and samples.numpy()[1].max() == 0
    assert abs(keras.random.gamma((20000,), 2.0, seed=1).numpy().mean() - 2.0) < 0.05


def test_seed_generator_state_and_config():
    keras.backend.clear_session()       # generators are named 'seed_generator', '_1', ... as layers are
    gen = keras.random.SeedGenerator(42)
    keras.random.normal((2,), seed=gen)
    assert gen.state.numpy().tolist() == [42, 1]
    assert keras.random.SeedGenerator.from_config(gen.get_config()).get_config() == {'seed': 42,
                                                                                       'name': 'seed_generator'}


# ---- bad input names the op ------------------------------------------------------------------
@pytest.mark.parametrize('call, error, message', [
    (lambda: ops.mean('text'), ValueError, 'keras.ops.mean'),     # TF 2.21: Keras's type promotion ValueError
    (lambda: ops.add(X, np.ones((4, 4), np.float32)), ValueError, 'add'),
    (lambda: ops.sum(X, axis=5), ValueError, 'axis 5'),
    (lambda: ops.take(X, np.array([6])), IndexError, r'keras.ops.take: indices must lie in \[-6, 6\)'),
    # (TF 2.21: GatherV2's registry error, as Keras hands float indices to it; tests/test_opsfuzz5_take_index_dtypes.py)
    (lambda: ops.take(X, np.array([0.5])), tf.errors.InvalidArgumentError, "Value for attr 'Tindices' of double"),
    (lambda: ops.take_along_axis(X, np.array([0, 1]), axis=1), ValueError, 'keras.ops.take_along_axis'),
    (lambda: ops.pad(X, ((1, 1), (1, 1), (1, 1))), ValueError, 'keras.ops.pad'),
    (lambda: ops.pad(X, 1, mode='reflect', constant_values=2), ValueError, 'keras.ops.pad'),
    (lambda: ops.matmul(2.0, X), ValueError, 'keras.ops.matmul'),
    (lambda: ops.tril(V), ValueError, 'keras.ops.tril'),
    (lambda: ops.diag(IMG), ValueError, 'keras.ops.diag'),
    (lambda: ops.slice(X, (0,), (1, 1)), ValueError, 'keras.ops.slice'),
    # (a start past the end is clamped, as XLA's DynamicUpdateSlice: tests/test_opsfuzz5_slice_update_xla.py)
    (lambda: ops.slice_update(X, (0, 0), np.ones((3, 2), np.float32)), ValueError, 'keras.ops.slice_update'),
    (lambda: ops.where(B, X), ValueError, 'keras.ops.where'),
    (lambda: ops.binary_crossentropy(P, V), ValueError, 'keras.ops.binary_crossentropy'),
    (lambda: ops.categorical_crossentropy(P, V), ValueError, 'keras.ops.categorical_crossentropy'),
    (lambda: ops.sparse_categorical_crossentropy(np.array([0, 1, 2]), P), ValueError,
     'keras.ops.sparse_categorical_crossentropy'),
    (lambda: ops.sparse_categorical_crossentropy(np.array([0, 1]), P, axis=0), ValueError,
     'Only axis=-1 is currently supported. Received: axis=0'),
    # (one_hot(..., sparse=True) is Keras's SparseTensor: tests/test_opsfuzz5_sparse_one_hot.py)
    (lambda: ops.normalize(X, order=0), ValueError, 'keras.ops.normalize'),
    (lambda: ops.conv(np.ones((1, 2, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 1, 1, 1), np.float32)), ValueError,
     'keras.ops.conv: inputs must be .* with 1 to 3 spatial axes'),
    (lambda: ops.conv(IMG, K2, strides=2, dilation_rate=2), ValueError, '^`strides > 1` not supported'),  # TF's
    (lambda: ops.max_pool(IMG, 2, data_format='nhwc'), ValueError, 'keras.ops.max_pool'),
    (lambda: ops.linspace(0, 1, -1), ValueError, 'keras.ops.linspace'),
    # Keras 3 on TF 2.21: its body wrapper calls tuple() on the bare int; a short tuple is tf.nest's ValueError
    (lambda: ops.while_loop(lambda a, b: a < 2, lambda a, b: a + 1, (0, 1)), TypeError, "'int' object is not iterable"),
    (lambda: ops.while_loop(lambda a, b: a < 2, lambda a, b: (a + 1,), (0, 1)), ValueError,
     "The two structures don't have the same nested structure"),
    (lambda: ops.scan(lambda c, x: (c, x), 0.0), ValueError, 'keras.ops.scan: give xs or length'),
    (lambda: ops.scan(lambda c, x: (c, x), 0.0, X, length=5), ValueError, 'keras.ops.scan'),
    (lambda: ops.switch(0, []), ValueError, 'keras.ops.switch'),
    (lambda: keras.random.normal((2,), seed=1.5), ValueError, '^Argument `seed` must be either an integer'),
    (lambda: keras.random.uniform((2,), dtype='int32'), ValueError, 'keras.random.uniform'),
    (lambda: keras.random.randint((2,), 3, 3), ValueError, 'keras.random.randint'),
    (lambda: keras.random.randint((2,), 0, 3, dtype='float32'), ValueError, 'keras.random.randint'),
    (lambda: keras.random.dropout(X, 1.5), ValueError, 'keras.random.dropout'),
    (lambda: keras.random.shuffle(np.float32(1.0)), ValueError, 'keras.random.shuffle'),
    (lambda: keras.random.categorical(V, 2), ValueError, 'keras.random.categorical'),
    (lambda: keras.random.SeedGenerator('a'), ValueError, 'keras.random.SeedGenerator'),
])
def test_bad_input_raises_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


# Functions that run the caller's code, or describe any object, are outside the sweep below.
NOT_SWEPT = {'cond', 'custom_gradient', 'fori_loop', 'map', 'scan', 'switch', 'vectorized_map', 'while_loop',
             'is_tensor', 'shape', 'ndim', 'convert_to_numpy'}


@pytest.mark.parametrize('name', sorted(set(ops.__all__) - NOT_SWEPT))
def test_every_op_names_itself_on_bad_input(name):
    # The bad value goes first; any further required argument gets a good matrix.
    import inspect
    fn = getattr(ops, name)
    required = [p for p in inspect.signature(fn).parameters.values()
                if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
    for bad in (None, 'text', {'a': 1}, object(), np.array([np.nan, np.inf], np.float32),
                np.zeros((0, 3), np.float32)):
        try:
            fn(bad, *[X] * (len(required) - 1))
        # (one_hot('text', ...): TF's UnimplementedError from Keras's Cast of the labels to int64)
        except (TypeError, ValueError, IndexError, AttributeError, tf.errors.UnimplementedError) as err:     # (ops.dtype(None): Keras's
            # AttributeError) the op is named in the message or in a note (the message may be TensorFlow's own text)
            named = str(err) + ' '.join(getattr(err, '__notes__', ()))
            assert 'keras.ops.%s' % name in named or name in named, (name, bad, err)


def test_every_random_op_names_itself_on_bad_input():
    for name in sorted(set(keras.random.__all__) - {'SeedGenerator'}):
        with pytest.raises((TypeError, ValueError), match='keras.random.%s' % name):
            getattr(keras.random, name)(object(), *[1.0] * 2)


# ---- namespaces, backend and utils helpers ---------------------------------------------------
def test_namespace_spellings():
    np.testing.assert_array_equal(keras.ops.nn.relu(X), ops.relu(X))
    assert keras.ops.core.fori_loop is ops.fori_loop
    assert ops.is_tensor(ops.ones(2)) and not ops.is_tensor(np.ones(2))
    assert isinstance(ops.convert_to_numpy(ops.ones(())), np.ndarray)
    variable = tf.Variable(np.zeros(2, np.float32))
    copied = ops.convert_to_numpy(variable)
    variable.assign([1.0, 2.0])
    assert copied.tolist() == [0.0, 0.0]
    assert ops.shape(ops.zeros((2, 3))) == (2, 3) and ops.ndim(X) == 2 and int(ops.size(X)) == 6
    assert ops.dtype(np.zeros(2)) == 'float64' and ops.custom_gradient is tf.custom_gradient
    assert ops.switch(5, [lambda v: v, lambda v: v * 2], 3) == 6
    assert set(ops.__all__) <= set(dir(ops))


def test_backend_helpers():
    assert keras.backend.epsilon() == 1e-7 and keras.backend.floatx() == 'float32'
    assert keras.backend.result_type('int32', 'float16') == 'float16'      # Keras 3: the float wins
    assert keras.backend.result_type('int64', 'float32') == 'float32'
    assert keras.backend.result_type('int8', 'uint8') == 'int16' and keras.backend.result_type() == 'float32'
    assert keras.backend.standardize_dtype(float) == 'float32' and keras.backend.standardize_dtype('float64') == 'float64'
    assert keras.backend.is_float_dtype('float16') and keras.backend.is_int_dtype('uint8')
    assert not keras.backend.is_keras_tensor(ops.ones(1))
    assert keras.backend.convert_to_tensor([1.0]).dtype == np.float32


def test_utils_normalize_numpy_and_tensor():
    # numpy in, numpy out; a zero row stays zero (Keras 3: norm 0 -> 1).
    out = keras.utils.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]))
    assert isinstance(out, np.ndarray)
    np.testing.assert_allclose(out, [[0.6, 0.8], [0.0, 0.0]])
    np.testing.assert_allclose(keras.utils.normalize(np.array([[1.0, 3.0]]), order=1), [[0.25, 0.75]])
    np.testing.assert_allclose(keras.utils.normalize(ops.array([[3.0, 4.0]])).numpy(), [[0.6, 0.8]], rtol=1e-6)


def test_keras_ops_and_random_load_neither_layers_nor_optim():
    code = ('import sys, framework; from framework import keras; keras.ops.mean([1.0]); '
            'keras.random.normal((1,), seed=1); keras.backend.epsilon(); '
            'print(sorted(m for m in ("layers", "optim") if m in sys.modules))')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                         cwd=str(Path(__file__).resolve().parents[1])).stdout.strip()
    assert out == '[]'
