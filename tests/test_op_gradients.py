"""Every differentiable op's gradient against central differences, in float64.

``CASES`` is the table: one row per op and variant (broadcasting, axes,
keepdims, transposes, duplicate indices...). ``check_gradients`` compares the
tape's vector-Jacobian product for a random output weighting with central
differences of the same weighted sum. Inputs are drawn away from kinks and
ties (relu at 0, max ties) where the derivative is not defined.

``test_every_op_is_covered`` keeps the table honest: a new op in
``framework.ops`` must get a row here or be listed as non-differentiable.
"""
import inspect
import zlib

import numpy as np
import pytest

import framework as tf
from framework import ops
from framework.gradient_check import check_gradients
from framework.ops.activations import keras_elu
from layers.recurrent import gru_gates, lstm_gates
from test_ops_control_and_more import COVERED_HERE  # checked in that file
from test_more_tf_ops import COVERED_HERE as COVERED_IN_MORE_TF_OPS  # checked in that file
import test_math_more, test_nn_more, test_nn_windows, test_sampled_losses, test_special_functions  # noqa: E402,E501
import test_tf_misc_array_ops  # noqa: E402
import test_tfops_indices, test_tfops_ctc, test_tfops_edit_distance, test_tfops_windows  # noqa: E402
import test_tfops_embedding_sparse, test_tfops_candidate_samplers, test_tfops_index_shuffle  # noqa: E402
import test_tfops_special, test_missing_special, test_missing_sobol, test_missing_nn_ops  # noqa: E402
import test_linalg_decompositions, test_linalg_matrix_functions, test_linalg_solves, test_linalg_tensor_parts  # noqa: E402,E501
import test_surface9_fftnd_kernels, test_surface9_volume_patches, test_surface9_depthwise_backprop  # noqa: E402,E501

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')


class Case:
    """One gradient check: ``fn`` of tensors built from ``inputs`` (shapes or arrays)."""

    def __init__(self, op, variant, fn, inputs, domain='real', marks=(), **tolerance):
        self.op, self.variant, self.fn = op, variant, fn
        self.inputs, self.domain, self.tolerance, self.marks = inputs, domain, tolerance, marks

    @property
    def id(self):
        return '%s-%s' % (self.op, self.variant) if self.variant else self.op

    def arrays(self):
        rng = np.random.default_rng(zlib.crc32(self.id.encode()))
        domains = self.domain if isinstance(self.domain, (list, tuple)) else [self.domain] * len(self.inputs)
        return [np.asarray(x, np.float64) if isinstance(x, (list, np.ndarray)) else _draw(rng, x, d)
                for x, d in zip(self.inputs, domains)]


def _draw(rng, shape, domain):
    if domain == 'real':
        return rng.standard_normal(shape)
    if domain == 'positive':
        return rng.uniform(0.5, 2.0, shape)
    if domain == 'away_from_zero':       # kinks at 0 (relu, abs, elu...) stay out of reach
        return rng.choice([-1.0, 1.0], shape) * rng.uniform(0.2, 2.0, shape)
    if domain == 'unit':                  # asin, acos, atanh
        return rng.uniform(-0.8, 0.8, shape)
    if domain == 'above_one':             # acosh
        return rng.uniform(1.5, 3.0, shape)
    raise ValueError('unknown domain %r' % domain)


def _flat(parts):
    """Several outputs as one vector, so one weighted sum checks them all."""
    return tf.concat([tf.reshape(p, [-1]) for p in parts], 0)


@tf.custom_gradient
def _log1pexp(x):
    # The custom-gradient example from TensorFlow's docs, with a stable rule.
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


@tf.custom_gradient
def _scaled_product(x, y):
    def grad(upstream):
        return upstream * y * 2.0, upstream * x * 2.0
    return x * y * 2.0, grad


def _clipped_globally(a, b):
    clipped, norm = tf.clip_by_global_norm([a, None, b], 1.5)
    assert clipped[1] is None
    return _flat([clipped[0], clipped[2], norm])


MASK_3x4 = [[True, False, True, True], [False, False, True, False], [True, True, False, True]]
RELU6_POINTS = [[-1.3, 0.4, 2.5], [6.8, 5.1, -0.2]]
ZERO_INSIDE = [[1.5, 0.0, -2.0], [0.5, 3.0, 1.2]]
MOD_X = [[2.3, 5.7, -1.4], [7.2, -3.3, 0.6]]
MOD_Y = [[1.1, 1.6, 0.9], [2.5, 1.4, 0.35]]

CASES = [
    # ---- binary arithmetic, with broadcasting and scalars ----
    Case('add', '', tf.add, [(2, 3), (2, 3)]),
    Case('add', 'broadcast', tf.add, [(3, 1), (1, 4)]),
    Case('add', 'scalar', tf.add, [(), (2, 3)]),
    Case('add', 'python', lambda x: x + 2.5, [(3,)]),
    Case('subtract', 'broadcast', tf.subtract, [(3, 1), (1, 4)]),
    Case('subtract', 'python_left', lambda x: 1.5 - x, [(3,)]),
    Case('multiply', 'broadcast', tf.multiply, [(3, 1), (1, 4)]),
    Case('multiply', 'scalar', tf.multiply, [(2, 3), ()]),
    Case('multiply', 'self', lambda x: x * x, [(4,)]),
    Case('divide', 'broadcast', tf.divide, [(3, 1), (1, 4)], domain=['real', 'away_from_zero']),
    Case('truediv', '', tf.truediv, [(2, 3), (2, 3)], domain=['real', 'away_from_zero']),
    Case('realdiv', '', tf.realdiv, [(3,), ()], domain=['real', 'away_from_zero']),
    Case('divide_no_nan', '', tf.math.divide_no_nan, [(2, 3), (2, 3)], domain=['real', 'away_from_zero']),
    Case('pow', 'both', tf.pow, [(3, 1), (1, 4)], domain=['positive', 'real']),
    Case('pow', 'python_exponent', lambda x: x ** 3, [(2, 3)]),
    Case('pow', 'python_base', lambda x: 2.0 ** x, [(2, 3)]),
    Case('maximum', 'broadcast', tf.maximum, [(3, 1), (1, 4)]),
    Case('maximum', 'python', lambda x: tf.maximum(x, 0.1), [(2, 3)], domain='away_from_zero'),
    Case('minimum', 'broadcast', tf.minimum, [(3, 1), (1, 4)]),
    Case('squared_difference', 'broadcast', tf.math.squared_difference, [(3, 1), (1, 4)]),
    Case('floormod', '', tf.math.floormod, [MOD_X, MOD_Y]),
    Case('mod', '', tf.math.mod, [MOD_X, MOD_Y]),
    Case('negative', '', tf.negative, [(2, 3)]),
    Case('add_n', '', lambda a, b, c: tf.add_n([a, b, c]), [(2, 3), (2, 3), (2, 3)]),
    # ---- elementwise math ----
    Case('abs', '', tf.abs, [(2, 3)], domain='away_from_zero'),
    Case('sign', '', lambda x: tf.sign(x) * x, [(2, 3)], domain='away_from_zero'),
    Case('exp', '', tf.exp, [(2, 3)]),
    Case('expm1', '', tf.math.expm1, [(2, 3)]),
    Case('log', '', tf.math.log, [(2, 3)], domain='positive'),
    Case('log1p', '', tf.math.log1p, [(2, 3)], domain='positive'),
    Case('sqrt', '', tf.sqrt, [(2, 3)], domain='positive'),
    Case('rsqrt', '', tf.math.rsqrt, [(2, 3)], domain='positive'),
    Case('square', '', tf.square, [(2, 3)]),
    Case('reciprocal', '', tf.math.reciprocal, [(2, 3)], domain='away_from_zero'),
    Case('sin', '', tf.sin, [(2, 3)]),
    Case('cos', '', tf.cos, [(2, 3)]),
    Case('tan', '', tf.tan, [(2, 3)], domain='unit'),
    Case('atan', '', tf.math.atan, [(2, 3)]),
    Case('asin', '', tf.math.asin, [(2, 3)], domain='unit'),
    Case('acos', '', tf.math.acos, [(2, 3)], domain='unit'),
    Case('sinh', '', tf.math.sinh, [(2, 3)]),
    Case('cosh', '', tf.math.cosh, [(2, 3)]),
    Case('asinh', '', tf.math.asinh, [(2, 3)]),
    Case('acosh', '', tf.math.acosh, [(2, 3)], domain='above_one'),
    Case('atanh', '', tf.math.atanh, [(2, 3)], domain='unit'),
    Case('erf', '', tf.math.erf, [(2, 3)]),
    # ---- activations ----
    Case('sigmoid', '', tf.sigmoid, [(2, 3)]),
    Case('tanh', '', tf.tanh, [(2, 3)]),
    Case('relu', '', tf.nn.relu, [(2, 3)], domain='away_from_zero'),
    Case('relu6', '', tf.nn.relu6, [RELU6_POINTS]),
    Case('elu', '', tf.nn.elu, [(2, 3)], domain='away_from_zero'),
    # (Keras's alpha: TF 2.21's tf.nn.elu takes none)
    Case('elu', 'alpha', lambda x: keras_elu(x, alpha=0.5), [(2, 3)], domain='away_from_zero'),
    Case('selu', '', tf.nn.selu, [(2, 3)], domain='away_from_zero'),
    Case('leaky_relu', '', tf.nn.leaky_relu, [(2, 3)], domain='away_from_zero'),
    Case('leaky_relu', 'alpha', lambda x: tf.nn.leaky_relu(x, alpha=0.01), [(2, 3)], domain='away_from_zero'),
    Case('gelu', 'exact', tf.nn.gelu, [(2, 3)]),
    Case('gelu', 'tanh_approximation', lambda x: tf.nn.gelu(x, approximate=True), [(2, 3)]),
    Case('softplus', '', tf.nn.softplus, [(2, 3)]),
    Case('softsign', '', tf.nn.softsign, [(2, 3)], domain='away_from_zero'),
    Case('swish', '', tf.nn.swish, [(2, 3)]),
    Case('silu', 'beta', lambda x: tf.nn.silu(x, beta=1.5), [(2, 3)]),
    Case('hard_sigmoid', '', tf.hard_sigmoid, [[[-2.5, -0.4, 1.3], [2.2, 0.1, -1.7]]]),
    Case('hard_silu', '', tf.hard_silu, [[[-2.5, -0.4, 1.3], [2.2, 0.1, -1.7]]]),
    Case('softmax', '', tf.nn.softmax, [(2, 4)]),
    Case('softmax', 'axis0', lambda x: tf.nn.softmax(x, axis=0), [(3, 2)]),
    Case('log_softmax', '', tf.nn.log_softmax, [(2, 4)]),
    Case('log_softmax', 'axis0', lambda x: tf.nn.log_softmax(x, axis=0), [(3, 2)]),
    # ---- losses (w.r.t. logits; labels are constants unless named) ----
    Case('softmax_cross_entropy_with_logits', 'logits',
         lambda x: tf.nn.softmax_cross_entropy_with_logits(
             labels=tf.constant([[0.2, 0.7, 0.1], [0.0, 0.0, 1.0]], tf.float64), logits=x), [(2, 3)]),
    Case('softmax_cross_entropy_with_logits', 'labels',
         lambda y: tf.nn.softmax_cross_entropy_with_logits(
             labels=y, logits=tf.constant([[0.5, -1.0, 2.0], [0.1, 0.2, 0.3]], tf.float64)), [(2, 3)]),
    Case('sparse_softmax_cross_entropy_with_logits', '',
         lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2, 0, 1]), logits=x),
         [(3, 4)]),
    Case('sigmoid_cross_entropy_with_logits', '',
         lambda x: tf.nn.sigmoid_cross_entropy_with_logits(
             labels=tf.constant([[0.0, 1.0, 0.3], [1.0, 0.0, 0.5]], x.dtype), logits=x),   # TF casts no labels
         [(2, 3)], domain='away_from_zero'),
    Case('l2_loss', '', tf.nn.l2_loss, [(2, 3)]),
    Case('moments', 'mean_and_variance', lambda x: _flat(tf.nn.moments(x, axes=[0])), [(3, 2)]),
    Case('sufficient_statistics', 'shifted', lambda x, s: _flat(tf.nn.sufficient_statistics(x, [0], shift=s)[1:3]),
         [(3, 2), ()]),
    Case('normalize_moments', 'shifted', lambda m, v, s: _flat(tf.nn.normalize_moments(3.0, m, v, s)),
         [(2,), (2,), ()]),
    Case('weighted_moments', '', lambda x, w: _flat(tf.nn.weighted_moments(x, [0], w)), [(3, 2), (3, 1)],
         domain='positive'),
    Case('bias_add', '', tf.nn.bias_add, [(2, 3), (3,)]),
    # ---- reductions ----
    Case('sum_of_squares', '', tf.sum_of_squares, [(2, 3)]),
    Case('sum_of_squares', 'scaled', lambda x: tf.sum_of_squares(x, 0.05), [(2, 3)]),
    Case('reduce_sum', 'all', tf.reduce_sum, [(2, 3)]),
    Case('reduce_sum', 'axis1_keepdims', lambda x: tf.reduce_sum(x, axis=1, keepdims=True), [(2, 3)]),
    Case('reduce_sum', 'axes_list', lambda x: tf.reduce_sum(x, axis=[0, 2]), [(2, 3, 2)]),
    Case('reduce_mean', 'all', tf.reduce_mean, [(2, 3)]),
    Case('reduce_mean', 'axis_neg1', lambda x: tf.reduce_mean(x, axis=-1), [(2, 3)]),
    Case('reduce_mean', 'axis0_keepdims', lambda x: tf.reduce_mean(x, axis=0, keepdims=True), [(2, 3)]),
    Case('reduce_max', 'all', tf.reduce_max, [(2, 3)]),
    Case('reduce_max', 'axis1', lambda x: tf.reduce_max(x, axis=1), [(2, 3)]),
    Case('reduce_min', 'axis0_keepdims', lambda x: tf.reduce_min(x, axis=0, keepdims=True), [(2, 3)]),
    Case('reduce_prod', 'all', tf.reduce_prod, [(2, 3)]),
    Case('reduce_prod', 'zero_inside', tf.reduce_prod, [ZERO_INSIDE]),
    Case('reduce_prod', 'zero_inside_axis1', lambda x: tf.reduce_prod(x, axis=1), [ZERO_INSIDE]),
    Case('reduce_prod', 'axis0_keepdims', lambda x: tf.reduce_prod(x, axis=0, keepdims=True), [(3, 2)]),
    Case('reduce_logsumexp', 'all', tf.reduce_logsumexp, [(2, 3)]),
    Case('reduce_logsumexp', 'axis1_keepdims', lambda x: tf.reduce_logsumexp(x, axis=1, keepdims=True), [(2, 3)]),
    Case('reduce_variance', 'axis0', lambda x: tf.math.reduce_variance(x, axis=0), [(3, 2)]),
    Case('reduce_std', 'all', tf.math.reduce_std, [(2, 3)]),
    Case('reduce_euclidean_norm', 'axis1', lambda x: tf.math.reduce_euclidean_norm(x, axis=1), [(2, 3)]),
    Case('cumsum', '', tf.cumsum, [(4,)]),
    Case('cumsum', 'axis1_exclusive', lambda x: tf.cumsum(x, axis=1, exclusive=True), [(2, 3)]),
    Case('cumsum', 'reverse', lambda x: tf.cumsum(x, reverse=True), [(2, 3)]),
    Case('cumsum', 'exclusive_reverse', lambda x: tf.cumsum(x, exclusive=True, reverse=True), [(4,)]),
    Case('cumprod', '', tf.math.cumprod, [(4,)], domain='away_from_zero'),
    Case('cumprod', 'axis1_exclusive_reverse', lambda x: tf.math.cumprod(x, axis=1, exclusive=True, reverse=True),
         [(2, 3)], domain='away_from_zero'),
    # ---- norms and clipping ----
    Case('norm', 'euclidean', tf.norm, [(2, 3)]),
    Case('norm', 'ord1_axis0', lambda x: tf.norm(x, ord=1, axis=0), [(2, 3)], domain='away_from_zero'),
    Case('norm', 'ord3', lambda x: tf.norm(x, ord=3), [(4,)], domain='away_from_zero'),
    Case('norm', 'inf', lambda x: tf.norm(x, ord=np.inf), [(4,)]),
    Case('norm', 'fro_keepdims', lambda x: tf.norm(x, ord='fro', axis=[0, 1], keepdims=True), [(2, 3)]),
    Case('norm', 'matrix_1', lambda x: tf.norm(x, ord=1, axis=[-2, -1]), [(2, 3)], domain='away_from_zero'),
    Case('l2_normalize', 'axis1', lambda x: tf.math.l2_normalize(x, axis=1), [(2, 3)]),
    Case('clip_by_norm', 'clipped', lambda x: tf.clip_by_norm(x * 3.0, 1.0), [(2, 3)]),
    Case('clip_by_norm', 'axes', lambda x: tf.clip_by_norm(x, 1.2, axes=[1]), [(3, 2)]),
    Case('global_norm', '', lambda a, b: tf.linalg.global_norm([a, b]), [(2, 3), (3,)]),
    Case('clip_by_global_norm', 'with_none', lambda a, b: _clipped_globally(a, b), [(2, 3), (3,)]),
    Case('clip_by_value', '', lambda x: tf.clip_by_value(x, -0.5, 0.5), [[[-1.2, 0.1, 0.3], [0.9, -0.4, 2.0]]]),
    Case('clip_by_value', 'tensor_bounds', tf.clip_by_value,
         [[-1.2, 0.1, 0.3, 0.9], [-0.5, -0.5, 0.2, 0.2], [0.5]]),
    # ---- matrix products ----
    Case('matmul', '', tf.matmul, [(2, 3), (3, 4)]),
    Case('matmul', 'batch', tf.matmul, [(2, 2, 3), (2, 3, 2)]),
    Case('matmul', 'batch_broadcast', tf.matmul, [(1, 2, 3), (2, 3, 2)]),
    Case('matmul', 'transpose_a', lambda a, b: tf.matmul(a, b, transpose_a=True), [(3, 2), (3, 4)]),
    Case('matmul', 'transpose_b', lambda a, b: tf.matmul(a, b, transpose_b=True), [(2, 3), (4, 3)]),
    Case('matmul', 'transpose_both', lambda a, b: tf.matmul(a, b, transpose_a=True, transpose_b=True),
         [(3, 2), (4, 3)]),
    Case('matmul', 'operator', lambda a, b: a @ b, [(2, 3), (3, 2)]),
    Case('affine', 'with_bias', ops.affine, [(2, 3), (3, 4), (4,)]),
    Case('affine', 'rank3_no_bias', ops.affine, [(2, 2, 3), (3, 2)]),
    Case('einsum', 'matmul', lambda a, b: tf.einsum('ij,jk->ik', a, b), [(2, 3), (3, 2)]),
    Case('einsum', 'batch', lambda a, b: tf.einsum('bij,bjk->bik', a, b), [(2, 2, 3), (2, 3, 2)]),
    Case('einsum', 'outer', lambda a, b: tf.einsum('i,j->ij', a, b), [(3,), (2,)]),
    Case('einsum', 'sum_inside_one', lambda a: tf.einsum('ij->i', a), [(2, 3)]),
    Case('einsum', 'diagonal', lambda a: tf.einsum('ii->i', a), [(3, 3)]),
    Case('einsum', 'implicit', lambda a, b: tf.einsum('ij,jk', a, b), [(2, 3), (3, 2)]),
    Case('tensordot', 'int_axes', lambda a, b: tf.tensordot(a, b, 1), [(2, 3), (3, 2)]),
    Case('tensordot', 'axis_pairs', lambda a, b: tf.tensordot(a, b, [[0, 2], [1, 0]]), [(2, 3, 2), (2, 2, 3)]),
    # ---- shapes ----
    Case('reshape', '', lambda x: tf.reshape(x, [3, -1]), [(2, 3)]),
    Case('transpose', 'default', tf.transpose, [(2, 3)]),
    Case('transpose', 'perm', lambda x: tf.transpose(x, [1, 2, 0]), [(2, 3, 2)]),
    Case('expand_dims', '', lambda x: tf.expand_dims(x, 1), [(2, 3)]),
    Case('squeeze', '', lambda x: tf.squeeze(x, [1]), [(2, 1, 3)]),
    Case('broadcast_to', '', lambda x: tf.broadcast_to(x, [2, 3, 4]), [(3, 1)]),
    Case('sum_to', '', lambda x: ops.sum_to(x, (3, 1)), [(2, 3, 4)]),
    Case('concat', 'axis0', lambda a, b: tf.concat([a, b], 0), [(2, 3), (1, 3)]),
    Case('concat', 'axis_neg1_three', lambda a, b, c: tf.concat([a, b, c], -1), [(2, 1), (2, 3), (2, 2)]),
    Case('stack', 'axis1', lambda a, b: tf.stack([a, b], axis=1), [(2, 3), (2, 3)]),
    Case('unstack', 'axis1', lambda x: _flat([p * (i + 1.0) for i, p in enumerate(tf.unstack(x, axis=1))]), [(2, 3)]),
    Case('split', 'equal', lambda x: _flat(tf.split(x, 2, axis=1)), [(2, 4)]),
    Case('split', 'sizes', lambda x: _flat([p * (i + 1.0) for i, p in enumerate(tf.split(x, [1, -1, 1]))]), [(5, 2)]),
    Case('tile', '', lambda x: tf.tile(x, [2, 3]), [(2, 2)]),
    Case('reverse', '', lambda x: tf.reverse(x, [1]), [(2, 3)]),
    Case('pad', 'constant', lambda x: tf.pad(x, [[1, 0], [2, 1]], constant_values=3.0), [(2, 3)]),
    Case('pad', 'reflect', lambda x: tf.pad(x, [[1, 1], [2, 2]], 'REFLECT'), [(2, 3)]),
    Case('pad', 'symmetric', lambda x: tf.pad(x, [[2, 0], [0, 3]], 'SYMMETRIC'), [(2, 3)]),
    Case('identity', '', tf.identity, [(2, 3)]),
    Case('cast', 'float64_to_float32', lambda x: tf.cast(tf.cast(x, tf.float32), tf.float64), [(2, 3)],
         delta=1e-2, atol=1e-4, rtol=1e-3),
    Case('cast', 'float32_to_float64', lambda x: tf.cast(x, tf.float32) * 1.5, [(2, 3)],
         delta=1e-2, atol=1e-4, rtol=1e-3),
    # ---- selection and indexing ----
    Case('getitem', 'basic', lambda x: x[1:, ::2], [(3, 4)]),
    Case('getitem', 'int_and_ellipsis', lambda x: x[..., 1], [(2, 3, 2)]),
    Case('getitem', 'newaxis_negative_step', lambda x: x[None, ::-1, 0], [(3, 2)]),
    # numpy's advanced indexing is the internal getitem's (gather, gather_nd, boolean_mask build on it);
    # TF's x[[0, 0, 2, 0], :] refuses the list (tests/test_tffunc28_index_items.py)
    Case('getitem', 'duplicate_indices', lambda x: ops.getitem(x, ([0, 0, 2, 0], slice(None))), [(3, 2)]),
    Case('getitem', 'advanced_pairs', lambda x: ops.getitem(x, ([0, 2, 2], [1, 1, 3])), [(3, 4)]),
    Case('getitem', 'bool_mask', lambda x: x[tf.constant(MASK_3x4)], [(3, 4)]),
    Case('gather', 'duplicates', lambda x: tf.gather(x, [2, 0, 2]), [(3, 2)]),
    Case('gather', 'axis1_2d_indices', lambda x: tf.gather(x, [[1, 1], [0, 2]], axis=1), [(2, 3)]),
    Case('gather_nd', 'elements', lambda x: tf.gather_nd(x, [[0, 1], [2, 3], [0, 1]]), [(3, 4)]),
    Case('gather_nd', 'rows', lambda x: tf.gather_nd(x, [[1], [1]]), [(3, 4)]),
    Case('slice', '', lambda x: tf.slice(x, [1, 0], [1, -1]), [(3, 4)]),
    Case('solve', 'adjoint', lambda a, b: tf.linalg.solve(a + 3.0 * tf.eye(3, dtype=a.dtype), b, adjoint=True),
         [(3, 3), (3, 2)]),
    Case('strided_slice', 'shrink_and_step', lambda x: tf.strided_slice(x, [0, 3], [3, 0], [2, -2],
                                                                       shrink_axis_mask=0), [(3, 4)]),
    Case('boolean_mask', '', lambda x: tf.boolean_mask(x, MASK_3x4), [(3, 4)]),
    Case('boolean_mask', 'axis1', lambda x: tf.boolean_mask(x, [True, False, True], axis=1), [(2, 3, 2)]),
    Case('where', 'broadcast', lambda x, y: tf.where(tf.constant([[True], [False]]), x, y), [(2, 3), (1, 3)]),
    Case('where', 'python_other', lambda x: tf.where(tf.constant([True, False, True]), x, 0.0), [(3,)]),
    Case('sort', 'ascending', tf.sort, [(2, 4)]),
    Case('sort', 'descending_axis0', lambda x: tf.sort(x, axis=0, direction='DESCENDING'), [(3, 2)]),
    Case('top_k', '', lambda x: tf.math.top_k(x, 2).values, [(2, 4)]),
    Case('meshgrid', 'xy', lambda a, b: _flat(tf.meshgrid(a, b)), [(3,), (2,)]),
    Case('meshgrid', 'ij', lambda a, b: _flat(tf.meshgrid(a, b, indexing='ij')), [(3,), (2,)]),
    Case('linspace', 'vector_ends', lambda a, b: tf.linspace(a, b, 4, axis=-1), [(2,), (2, 1)]),
    # ---- the recurrent layers' fused gate ops (layers/recurrent/lstm_gates.py, gru_gates.py): sigmoid
    # and tanh chains with rules of their own; the array rules' bits are checked by test_array_rules ----
    Case('sigmoid', 'lstm_step', lambda p, r, b, c: _flat(lstm_gates.step(p, r, b, c, 3)),
         [(2, 12), (2, 12), (12,), (2, 3)]),
    Case('sigmoid', 'lstm_step_no_bias', lambda p, r, c: _flat(lstm_gates.step(p, r, None, c, 3)),
         [(2, 12), (2, 12), (2, 3)]),
    Case('sigmoid', 'gru_step_output', lambda p, m, b, h: gru_gates.step_output(p, m, b, h, 3),
         [(2, 9), (2, 9), (9,), (2, 3)]),
    Case('sigmoid', 'gru_step_output_no_bias', lambda p, m, h: gru_gates.step_output(p, m, None, h, 3),
         [(2, 9), (2, 9), (2, 3)]),
    # ---- custom gradients ----
    Case('custom_gradient', 'log1pexp', _log1pexp, [(2, 3)]),
    Case('custom_gradient', 'two_inputs', _scaled_product, [(3,), (3,)]),
]

# Ops with no gradient (TensorFlow registers none, or the result is integer or boolean),
# or, for creation ops, no tensor input to differentiate.
NON_DIFFERENTIABLE = {
    'argmax', 'argmin', 'argsort', 'ceil', 'floor', 'round', 'floordiv', 'floor_div',
    'equal', 'not_equal', 'greater', 'greater_equal', 'less', 'less_equal',
    'logical_and', 'logical_or', 'logical_xor', 'logical_not', 'reduce_all', 'reduce_any',
    'is_finite', 'is_inf', 'is_nan', 'one_hot', 'shape', 'size', 'rank', 'stop_gradient',
    'constant', 'convert_to_tensor', 'eye', 'fill', 'ones', 'ones_like', 'range',
    'zeros', 'zeros_like', 'broadcast_dynamic_shape', 'broadcast_static_shape',
    'fingerprint', 'guarantee_const',
}
# Differentiable, but random: checked by a dedicated test below instead of central differences.
# conv: tests/test_convolution.py; conv2d_transpose: tests/test_layers_extra.py
CHECKED_SEPARATELY = {'dropout', 'conv2d', 'max_pool2d', 'avg_pool2d', 'conv2d_transpose'}


@pytest.mark.parametrize('case', [pytest.param(c, id=c.id, marks=c.marks) for c in CASES])
def test_gradient_matches_central_differences(case, backend):
    check_gradients(case.fn, case.arrays(), **case.tolerance)


def test_every_op_is_covered():
    covered = {c.op for c in CASES} | NON_DIFFERENTIABLE | CHECKED_SEPARATELY | COVERED_HERE | COVERED_IN_MORE_TF_OPS
    covered |= test_math_more.COVERED_HERE | test_nn_more.COVERED_HERE | test_nn_windows.COVERED_HERE \
        | test_special_functions.COVERED_HERE | test_sampled_losses.COVERED_HERE | test_tf_misc_array_ops.COVERED_HERE
    covered |= test_surface9_fftnd_kernels.COVERED_HERE | test_surface9_volume_patches.COVERED_HERE \
        | test_surface9_depthwise_backprop.COVERED_HERE
    covered |= test_tfops_indices.COVERED_HERE | test_tfops_ctc.COVERED_HERE | test_tfops_edit_distance.COVERED_HERE
    covered |= test_tfops_windows.COVERED_HERE | test_tfops_embedding_sparse.COVERED_HERE \
        | test_tfops_candidate_samplers.COVERED_HERE | test_tfops_index_shuffle.COVERED_HERE | test_tfops_special.COVERED_HERE
    covered |= test_missing_special.COVERED_HERE | test_missing_sobol.COVERED_HERE | test_missing_nn_ops.COVERED_HERE
    for linalg_tests in (test_linalg_decompositions, test_linalg_matrix_functions, test_linalg_solves,
                         test_linalg_tensor_parts):
        covered |= linalg_tests.COVERED_HERE
    missing = sorted(set(ops.__all__) - covered)
    assert not missing, 'ops with neither a gradient check nor a place in NON_DIFFERENTIABLE: %s' % missing
    unknown = sorted(covered - set(ops.__all__) - {'custom_gradient'})
    assert not unknown, 'the tables name ops that framework.ops does not export: %s' % unknown


@pytest.mark.parametrize('namespace', [tf, tf.math, tf.nn, tf.linalg], ids=['framework', 'math', 'nn', 'linalg'])
def test_namespaces_export_only_ops_from_framework_ops(namespace):
    """So the coverage test above also covers what framework.math / nn / linalg export."""
    op_functions = {getattr(ops, name) for name in ops.__all__}
    public = [name for name, value in vars(namespace).items()
              if not name.startswith('_') and inspect.isfunction(value)
              and value.__module__.startswith('framework.ops')]
    strays = sorted(name for name in public if getattr(namespace, name) not in op_functions)
    assert not strays, '%s exports op functions missing from framework.ops.__all__: %s' % (namespace.__name__, strays)


# (argsort's gradient is zeros, is_nan's TF's LookupError: tests/test_gradfuzz25_unregistered_gradients.py)
@pytest.mark.parametrize('op', sorted(NON_DIFFERENTIABLE & {'argmax', 'argmin', 'ceil', 'floor', 'round',
                                                              'stop_gradient'}))
def test_non_differentiable_ops_give_no_gradient(op, backend):
    x = tf.constant([[0.3, -1.7], [2.2, 0.9]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf, op)(x)
    with pytest.warns(tf.tape.NoneGradientWarning):
        assert tape.gradient(y, x) is None


def test_dropout_gradient_is_the_kept_mask_scaled(backend):
    x = tf.constant(np.linspace(0.5, 2.0, 40), tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.dropout(x, rate=0.25, seed=3)
    grad = tape.gradient(y, x).numpy()
    kept = y.numpy() != 0
    assert 0 < kept.sum() < 40
    np.testing.assert_allclose(grad, np.where(kept, 1 / 0.75, 0.0))
    np.testing.assert_allclose(y.numpy()[kept], x.numpy()[kept] / 0.75)


# ---- second derivatives through nested tapes ------------------------------------------------
def _first_derivative(f):
    """x -> d sum(f(x)) / dx, by an inner tape (an outer tape then records the sweep)."""
    def df(x):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        return tf.convert_to_tensor(inner.gradient(y, x))    # a gather's gradient is rows (IndexedSlices), as TF's
    return df


SECOND_ORDER = [
    ('square', lambda x: x * x, 'real'),
    ('tanh', tf.tanh, 'real'),
    ('exp', tf.exp, 'real'),
    ('sigmoid', tf.sigmoid, 'real'),
    ('softmax', lambda x: tf.nn.softmax(x) * tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64), 'real'),
    ('log_softmax', lambda x: tf.nn.log_softmax(x) * tf.constant([1.0, -2.0, 3.0, 0.5], tf.float64), 'real'),
    ('matmul', lambda x: tf.matmul(tf.reshape(x, [2, 2]), tf.reshape(x, [2, 2])) ** 2, 'real'),
    ('elu', tf.nn.elu, 'away_from_zero'),
    ('selu', tf.nn.selu, 'away_from_zero'),
    ('softplus', tf.nn.softplus, 'real'),
    ('gelu', tf.nn.gelu, 'real'),
    ('sin', tf.sin, 'real'),
    ('sqrt', tf.sqrt, 'positive'),
    ('log', tf.math.log, 'positive'),
    ('divide', lambda x: 1.0 / x, 'away_from_zero'),
    ('pow', lambda x: x ** 2.5, 'positive'),
    ('reduce_logsumexp', tf.reduce_logsumexp, 'real'),
    ('reduce_prod', tf.reduce_prod, 'away_from_zero'),
    ('reduce_std', tf.math.reduce_std, 'real'),
    ('norm', tf.norm, 'real'),
    ('getitem', lambda x: x[1:] ** 3, 'real'),
    ('gather', lambda x: tf.gather(x, [0, 0, 3]) ** 3, 'real'),
    ('cumsum', lambda x: tf.cumsum(x) ** 2, 'real'),
    ('einsum', lambda x: tf.einsum('i,i->', x, x) ** 2, 'real'),
    ('sparse_softmax_cross_entropy_with_logits',
     lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([1]), logits=tf.reshape(x, [1, 4])),
     'real'),
    ('sigmoid_cross_entropy_with_logits',
     lambda x: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([0.0, 1.0, 1.0, 0.3], x.dtype), logits=x),
     'away_from_zero'),
]


@pytest.mark.parametrize('name,f,domain', SECOND_ORDER, ids=[s[0] for s in SECOND_ORDER])
def test_second_derivative_matches_differences_of_the_first(name, f, domain, backend):
    x = _draw(np.random.default_rng(zlib.crc32(name.encode())), (4,), domain)
    check_gradients(_first_derivative(f), [x], atol=1e-5, rtol=1e-4)


def test_second_derivative_of_x_squared_at_5(backend):
    x = tf.constant(5.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x
        dy_dx = inner.gradient(y, x)
    d2y_dx2 = outer.gradient(dy_dx, x)
    assert dy_dx.numpy() == 10.0 and d2y_dx2.numpy() == 2.0
    assert dy_dx.dtype == tf.float32 and d2y_dx2.dtype == tf.float32


def test_third_derivative_of_a_cube():
    x = tf.constant(2.0, tf.float64)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = x ** 3
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    d3 = t3.gradient(d2, x)
    assert (d1.numpy(), d2.numpy(), d3.numpy()) == (12.0, 12.0, 6.0)


def test_check_gradients_catches_a_wrong_rule():
    """The harness itself can fail: a rule off by a factor of 2 is reported."""
    @tf.custom_gradient
    def doubled_wrongly(x):
        return x * x, lambda upstream: upstream * x      # the true rule is 2 * x
    with pytest.raises(AssertionError, match='differs from central differences'):
        check_gradients(doubled_wrongly, [np.array([0.5, -1.5, 2.0])])
