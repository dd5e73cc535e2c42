"""Bad input to every public entry point: a clear error naming it, or documented behaviour.

For every op of ``framework`` (and so ``framework.nn`` / ``framework.math``),
every layer, optimizer, loss and metric: wrong Python types (None, strings,
dicts, objects), NaN and Inf data, empty arrays, wrong dtypes and wrong
shapes either work (NaN and Inf are values, as in TensorFlow) or raise
TypeError / ValueError whose message names the entry point. Anything else
(an IndexError from inside numpy, a message without the op's name) fails.
And an error inside ``apply_gradients`` or ``update_state`` changes nothing.
"""
import numpy as np
import pytest

import framework as tf
import framework.ops as ops_module
import layers
import optim
from framework import losses, metrics
from test_ops_control_and_more import SWEEP_ANY_DTYPE, SWEEP_CALLS, SWEEP_NONE_IS_VALID
import test_more_tf_ops  # noqa: E402  (its ops' good calls and any-dtype ops)
import test_math_more, test_nn_more, test_nn_windows, test_sampled_losses, test_special_functions  # noqa: E402,E501
import test_linalg_decompositions, test_linalg_matrix_functions, test_linalg_solves, test_linalg_tensor_parts  # noqa: E402,E501
import test_tf_misc_array_ops  # noqa: E402
import test_tfops_indices, test_tfops_ctc, test_tfops_edit_distance, test_tfops_windows  # noqa: E402
import test_tfops_embedding_sparse, test_tfops_candidate_samplers, test_tfops_index_shuffle  # noqa: E402
import test_tfops_special  # noqa: E402
import test_missing_special, test_missing_sobol, test_missing_nn_ops  # noqa: E402
import test_surface9_fftnd_kernels, test_surface9_fingerprint, test_surface9_volume_patches  # noqa: E402
import test_surface9_depthwise_backprop  # noqa: E402

# ---- good calls of every op; the sweep replaces one argument at a time ------------------------
M = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)
V = np.array([0.1, 0.2, 0.3], np.float32)
K = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
P = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32)
B = np.array([[True, False, True], [False, True, True]])
IDX = np.array([0, 1], np.int32)
IMG = np.linspace(0, 1, 16, dtype=np.float32).reshape(1, 4, 4, 1)
FILT = np.ones((2, 2, 1, 1), np.float32)

UNARY = ('abs acos acosh asin asinh atan atanh ceil cos cosh erf exp expm1 floor log log1p negative '
         'reciprocal round rsqrt sigmoid sign sin sinh softplus sqrt square tan tanh is_finite is_inf is_nan '
         'elu gelu hard_sigmoid hard_silu leaky_relu relu relu6 selu silu softsign swish identity stop_gradient '
         'ones_like zeros_like shape size rank squeeze transpose log_softmax softmax l2_loss l2_normalize norm '
         'reduce_euclidean_norm reduce_logsumexp reduce_max reduce_mean reduce_min reduce_prod reduce_std '
         'reduce_sum reduce_variance sum_of_squares cumsum cumprod argmax argmin argsort sort top_k unstack').split()
BINARY = ('add divide divide_no_nan floor_div floordiv floormod maximum minimum mod multiply pow realdiv '
          'squared_difference subtract truediv equal not_equal greater greater_equal less less_equal').split()
CALLS = {name: ((M,), {}) for name in UNARY}
CALLS.update({name: ((M, V), {}) for name in BINARY})
CALLS.update({name: ((B, B), {}) for name in ('logical_and', 'logical_or', 'logical_xor')})
CALLS.update({name: ((B,), {}) for name in ('logical_not', 'reduce_all', 'reduce_any')})
CALLS.update({
    'matmul': ((M, K), {}), 'tensordot': ((M, K, 1), {}), 'affine': ((M, K, K[0]), {}),
    'bias_add': ((M, V), {}), 'einsum': (('ij,jk->ik', M, K), {}), 'add_n': (([M, M],), {}),
    'concat': (([M, M], 0), {}), 'stack': (([M, M],), {}), 'clip_by_global_norm': (([M, V], 1.0), {}),
    'global_norm': (([M, V],), {}), 'meshgrid': ((V, V), {}), 'broadcast_to': ((V, (2, 3)), {}),
    'reshape': ((M, (3, 2)), {}), 'expand_dims': ((M, 0), {}), 'tile': ((M, (2, 1)), {}),
    'reverse': ((M, [0]), {}), 'pad': ((M, [[1, 0], [0, 1]]), {}), 'sum_to': ((M, (3,)), {}),
    'split': ((M, 3, 1), {}), 'cast': ((M, 'int32'), {}), 'clip_by_value': ((M, 0.2, 0.5), {}),
    'clip_by_norm': ((M, 1.0), {}), 'dropout': ((M, 0.5), {}), 'moments': ((M, [0]), {}),
    'sufficient_statistics': ((M, [0]), {}), 'normalize_moments': ((2.0, V, V, None), {}),
    'weighted_moments': ((M, [0], M), {}), 'broadcast_dynamic_shape': (([2, 1], [1, 3]), {}),
    'broadcast_static_shape': (((2, 1), (1, 3)), {}),
    'gather': ((M, IDX), {}), 'gather_nd': ((M, np.array([[0, 1], [1, 2]], np.int32)), {}),
    'slice': ((M, [0, 1], [2, 1]), {}), 'strided_slice': ((M, [0, 0], [2, 3], [1, 2]), {}),
    'solve': ((np.eye(2, dtype=np.float32) * 2, M), {}),
    'boolean_mask': ((M, B), {}), 'one_hot': ((IDX, 3), {}), 'getitem': ((M, 0), {}), 'where': ((B, M, M), {}),
    'conv2d': ((IMG, FILT), {}), 'conv2d_transpose': ((IMG, FILT, (1, 8, 8, 1), 2), {}),
    'avg_pool2d': ((IMG, 2, 2), {}), 'max_pool2d': ((IMG, 2, 2), {}),
    'softmax_cross_entropy_with_logits': ((P, M), {}),
    'sparse_softmax_cross_entropy_with_logits': ((IDX, M), {}),
    'sigmoid_cross_entropy_with_logits': ((), {'labels': P, 'logits': M}),
    'eye': ((3,), {}), 'fill': (((2, 3), 1.0), {}), 'linspace': ((0., 1., 5), {}), 'range': ((5,), {}),
    'zeros': (((2, 3),), {}), 'ones': (((2, 3),), {}), 'constant': ((M,), {}), 'convert_to_tensor': ((M,), {}),
})

CALLS.update(SWEEP_CALLS)     # the ops of tests/test_ops_control_and_more.py
CALLS.update(test_more_tf_ops.SWEEP_CALLS)
for _more in (test_math_more, test_nn_more, test_nn_windows, test_sampled_losses, test_special_functions,
              test_linalg_decompositions, test_linalg_matrix_functions, test_linalg_solves, test_linalg_tensor_parts,
              test_tf_misc_array_ops, test_tfops_indices, test_tfops_ctc, test_tfops_edit_distance,
              test_tfops_windows, test_tfops_embedding_sparse, test_tfops_candidate_samplers,
              test_tfops_index_shuffle, test_tfops_special, test_missing_special,
              test_missing_sobol, test_missing_nn_ops, test_surface9_fftnd_kernels, test_surface9_fingerprint,
              test_surface9_volume_patches, test_surface9_depthwise_backprop):
    CALLS.update(_more.SWEEP_CALLS)

# Ops that move or describe elements whatever their dtype: string tensors are documented input.
ANY_DTYPE = set('identity stop_gradient shape size rank squeeze transpose reshape expand_dims tile reverse '
                'concat stack unstack gather gather_nd boolean_mask getitem slice strided_slice broadcast_to constant '
                'convert_to_tensor where equal not_equal fill zeros_like ones_like '
                # TF 2.21's imag is zeros_like for every non-complex dtype: imag('abc') is b'' (errors49)
                'imag'.split()) | SWEEP_ANY_DTYPE \
    | test_more_tf_ops.SWEEP_ANY_DTYPE | test_math_more.SWEEP_ANY_DTYPE | test_nn_more.SWEEP_ANY_DTYPE \
    | test_tf_misc_array_ops.SWEEP_ANY_DTYPE | test_tfops_indices.SWEEP_ANY_DTYPE \
    | test_surface9_fingerprint.SWEEP_ANY_DTYPE
# Ops that iterate their argument: TF 2.21's add_n({'a': 1}) is add_n(['a']), its one input handed back (b'a').
ITERATED = {'add_n'}
# (op, argument position) where None has a meaning (x[None] adds an axis, as in numpy).
NONE_IS_VALID = {('getitem', 1), ('affine', 2), ('moments', 1), ('strided_slice', 3), ('normalize_moments', 3),
                 ('broadcast_static_shape', 0), ('broadcast_static_shape', 1)} | SWEEP_NONE_IS_VALID \
    | test_nn_more.SWEEP_NONE_IS_VALID | test_tfops_indices.SWEEP_NONE_IS_VALID \
    | test_tfops_embedding_sparse.SWEEP_NONE_IS_VALID
# Op names the error may use instead of the public one (aliases of one implementation).
# ``x[...]`` (getitem) answers a bad index with IndexError, as Python sequences and numpy do.
ALIASES = {'floor_div': ['floordiv'], 'truediv': ['divide'], 'realdiv': ['divide'], 'mod': ['floormod'],
           'swish': ['silu'], 'convert_to_tensor': ['tensor', 'Tensor'], 'constant': ['tensor', 'Tensor', 'constant'],
           'getitem': ['index'], 'hard_sigmoid': ['relu6'], 'hard_silu': ['relu6']}     # TF's error names Relu6
# Clear errors: TypeError and ValueError, and IndexError for indices out of range (gather, x[i]);
# and TensorFlow's UnimplementedError, which its Cast kernel raises for a string where a number goes,
# and NotFoundError, its answer for a dtype with no CPU kernel (tf.round of complex values).
# (AbortedError: TF 2.21's oneDNN softmax of a scalar, test_gradfuzz5_softmax_rank_abort)
CLEAR = (TypeError, ValueError, IndexError, tf.errors.UnimplementedError, tf.errors.NotFoundError, tf.errors.AbortedError)
# classes TF 2.21 itself raises for a wrong Python type: tf.range('abc') fails its bare assert on the dtypes
TF_CLASSES = {'range': (AssertionError,), 'scalar_mul': (AttributeError,),   # TF's own classes there
              # (map_fn / scan / foldl / foldr format fn.__name__ of a fn that is not callable: AttributeError)
              'map_fn': (AttributeError,), 'scan': (AttributeError,), 'foldl': (AttributeError,),
              'foldr': (AttributeError,),
              'einsum': (AttributeError,)}     # (TF's einsum reads each operand's .shape first)


def public_ops():
    return sorted(n for n in ops_module.__all__ if callable(getattr(ops_module, n)))


def test_every_public_op_has_a_good_call_in_this_sweep():
    missing = [n for n in public_ops() if n not in CALLS]
    assert not missing, 'add a good call for these ops to CALLS: %s' % missing


def names_op(name, err):
    # Kernel errors carry TensorFlow's exact words; tapeflow's (the op by name) ride along as notes.
    text = '\n'.join([str(err)] + getattr(err, '__notes__', []))
    return any(n in text for n in [name] + ALIASES.get(name, []))


def outcome(name, args, kwargs):
    """None if the call works or fails clearly; otherwise what went wrong."""
    try:
        getattr(tf, name)(*args, **kwargs)
    except CLEAR as err:
        if not names_op(name, err):
            return '%s without the op name: %s' % (type(err).__name__, err)
    except Exception as err:          # a crash from deep inside: what this sweep is for
        return 'crash %s: %s' % (type(err).__name__, err)
    return None


def variants(args, kwargs, make):
    """(label, args, kwargs) with one array (or list of arrays) argument replaced by make(array)."""
    slots = [(i, a) for i, a in enumerate(args)] + [(k, a) for k, a in kwargs.items()]
    for key, value in slots:
        arrays = value if isinstance(value, list) and all(isinstance(v, np.ndarray) for v in value) else None
        if not isinstance(value, np.ndarray) and arrays is None:
            continue
        new = [make(v) for v in arrays] if arrays is not None else make(value)
        if new is None or (arrays is not None and any(v is None for v in new)):
            continue
        a, kw = list(args), dict(kwargs)
        if isinstance(key, int):
            a[key] = new
        else:
            kw[key] = new
        yield key, a, kw


def sweep(name, make):
    args, kwargs = CALLS[name]
    problems = []
    for key, a, kw in variants(args, kwargs, make):
        problem = outcome(name, a, kw)
        if problem:
            problems.append('argument %s: %s' % (key, problem))
    return problems


@pytest.mark.parametrize('name', sorted(CALLS))
def test_good_call_works(name):
    args, kwargs = CALLS[name]
    getattr(tf, name)(*args, **kwargs)


@pytest.mark.parametrize('name', sorted(CALLS))
def test_wrong_python_types_raise_naming_the_op(name):
    args, kwargs = CALLS[name]
    problems = []
    for position in range(len(args)):
        for bad in (None, 'abc', {'a': 1}, object()):
            if bad is None and (name, position) in NONE_IS_VALID:
                continue
            a = list(args)
            a[position] = bad
            try:
                getattr(tf, name)(*a, **kwargs)
            except CLEAR + TF_CLASSES.get(name, ()) as err:
                if not names_op(name, err):
                    problems.append('argument %d = %r: %s without the op name: %s'
                                    % (position, bad, type(err).__name__, err))
                continue
            except Exception as err:
                problems.append('argument %d = %r: crash %s: %s' % (position, bad, type(err).__name__, err))
                continue
            if not (isinstance(bad, str) and name in ANY_DTYPE or isinstance(bad, dict) and name in ITERATED):
                problems.append('argument %d = %r was accepted' % (position, bad))
    assert not problems, '\n'.join(problems)


def with_nan_and_inf(a):
    if a.dtype.kind != 'f' or a.size < 2:
        return None
    out = a.copy().reshape(-1)
    out[0], out[-1] = np.nan, np.inf
    return out.reshape(a.shape)


def empty(a):
    return a[:0] if a.ndim else None


def as_int(a):
    return a.astype(np.int32) if a.dtype.kind == 'f' else None


def as_bool(a):
    return (a > 0.3) if a.dtype.kind == 'f' else None


def as_float64(a):
    return a.astype(np.float64) if a.dtype == np.float32 else None


def as_string(a):
    return a.astype(str) if a.dtype.kind == 'f' else None


def as_complex64(a):
    return a.astype(np.complex64) if a.dtype == np.float32 else None


def as_float16(a):
    # TF 2.21 has no CPU kernel for many ops on half tensors (NotFoundError, fuzz6); the others compute
    return a.astype(np.float16) if a.dtype == np.float32 else None


def wrong_shape(a):
    return np.ones((5, 7), a.dtype) if a.ndim else None


def scalar(a):
    return a.reshape(-1)[0] if a.ndim else None


@pytest.mark.parametrize('make', [with_nan_and_inf, empty, as_int, as_bool, as_float64, as_complex64, as_float16,
                                  as_string, wrong_shape, scalar], ids=lambda f: f.__name__)
@pytest.mark.parametrize('name', sorted(CALLS))
def test_bad_data_works_or_raises_naming_the_op(name, make):
    problems = sweep(name, make)
    assert not problems, '\n'.join(problems)


# Kernels that TF 2.21 refuses NaN in (tests/test_fuzz4_ops.py): the LU-based ones ('Input is not
# invertible.', Lu's NaN pivot too: tests/test_opsfuzz9_lu_singular.py) and HistogramFixedWidth ('Histogram values
# must not contain NaN')
NAN_IS_AN_ERROR = {'inv', 'solve', 'lu', 'histogram_fixed_width', 'eigh', 'eigvalsh'}


@pytest.mark.parametrize('name', sorted(set(CALLS) - NAN_IS_AN_ERROR))
def test_nan_and_inf_are_values_not_errors(name):
    # TensorFlow computes with NaN and Inf; only check_numerics turns them into errors.
    args, kwargs = CALLS[name]
    for key, a, kw in variants(args, kwargs, with_nan_and_inf):
        getattr(tf, name)(*a, **kw)


# TF 2.21's stack passes a float axis to Pack's int attribute, which truncates it (axis 1.5 is axis 1); one_hot's
# OneHot attribute alike (errors38: tests/test_errors38_one_hot_axis_attribute.py)
# tf.sort / tf.argsort take int() of the axis (errors42: tests/test_errors42_sort_axis.py)
TF_TAKES_AXIS = {('stack', 1.5), ('one_hot', 1.5), ('sort', 1.5), ('argsort', 1.5)}
AXIS_OPS = sorted(n for n in CALLS if {'axis', 'axes'} & set(__import__('inspect').signature(getattr(tf, n)).parameters))


@pytest.mark.parametrize('name', AXIS_OPS)
def test_bad_axes_raise_naming_the_op(name):
    import inspect
    args, kwargs = CALLS[name]
    parameters = list(inspect.signature(getattr(tf, name)).parameters)
    keyword = 'axis' if 'axis' in parameters else 'axes'
    position = parameters.index(keyword)
    problems = []
    for bad in (7, -7, [0, 9], 'x', 1.5):
        a, kw = list(args), dict(kwargs)
        if position < len(a):
            a[position] = bad
        else:
            kw[keyword] = bad
        problem = outcome(name, a, kw)
        if problem is None and not _raises(name, a, kw) and (name, bad) not in TF_TAKES_AXIS:
            problem = 'accepted'
        if problem:
            problems.append('%s=%r: %s' % (keyword, bad, problem))
    assert not problems, '\n'.join(problems)


def _raises(name, args, kwargs):
    try:
        getattr(tf, name)(*args, **kwargs)
    except CLEAR:
        return True
    return False


@pytest.mark.parametrize('name', sorted(n for n in AXIS_OPS if n.startswith('reduce_') or n in (
    'cumsum', 'cumprod', 'softmax', 'log_softmax', 'argmax', 'argmin', 'l2_normalize', 'norm', 'unstack')))
def test_an_axis_of_a_scalar_raises_naming_the_op(name):
    # TensorFlow: "Invalid reduction dimension (0 for input with 0 dimension(s))".
    scalar_input = np.array(True) if name in ('reduce_all', 'reduce_any') else np.float32(0.5)
    with pytest.raises(ValueError, match=name):
        getattr(tf, name)(scalar_input, axis=0)
