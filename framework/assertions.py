"""``tf.debugging.assert_*``: checks that raise TensorFlow's errors with TensorFlow's words.

Value checks (assert_equal, assert_less, assert_positive, ...) raise
``InvalidArgumentError``; static checks (assert_rank, assert_shapes) raise
ValueError and assert_type raises TypeError, as TensorFlow does in eager mode.
They return None when the condition holds (assert_all_finite returns its input).
Comparisons run on raw arrays, outside any tape: an assertion is never differentiated.
"""
import numpy as np

from . import backend, dtypes, graph_asserts, graph_operations
from .errors import InvalidArgumentError
from .tensor import Tensor, convert_to_tensor
from .tensor_shape import SHAPE_SEQUENCES, TensorShape
from .trace_names import traced_shape
from .tf_python_names import tf_named


def _host(x, op, dtype=None):
    try:
        t = convert_to_tensor(x, dtype)
    except (TypeError, ValueError) as err:      # the conversion's own class and words, as TensorFlow's
        err.add_note('%s: cannot use %r as a tensor' % (op, x))
        raise
    return np.asarray(backend.to_host(t._data))


# the comparison kernel each binary check runs on x and y
_KERNELS = {'assert_equal': 'Equal', 'assert_none_equal': 'NotEqual', 'assert_less': 'Less',
            'assert_less_equal': 'LessEqual', 'assert_greater': 'Greater', 'assert_greater_equal': 'GreaterEqual'}


def _pair(x, y, op):
    """x and y as host arrays of one dtype, unbroadcast. TF's _binary_assert converts each on its own (a
    Python 0.0 is float32, 5 int32), so another dtype than x's is its comparison kernel's error: eagerly
    'cannot compute Less as input #1(zero-based) ...', in a graph op_def_library's TypeError."""
    a = _host(x, op)
    b = _host(y, op)
    if a.dtype != b.dtype:
        from .ops.graph_input_errors import eager_input_error, input_mismatch     # (late: ops import tensor)
        kernel = _KERNELS[op]
        error = eager_input_error(kernel, 1, a.dtype, b.dtype)
        error.add_note('%s: x has dtype %s and y %s; cast one of them (tf.cast)' % (op, a.dtype.name, b.dtype.name))
        raise input_mismatch(error, kernel, 1, a.dtype, b.dtype)
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise InvalidArgumentError('%s: Incompatible shapes: %s vs. %s' % (op, list(a.shape), list(b.shape))) from None
    return a, b


def _summarized(summarize):
    """TensorFlow's eager count of values to show: 3 by default; a negative count means all, as the
    float 1e9, which its slicing then refuses with a TypeError (TensorFlow 2.21 does the same)."""
    if summarize is None:
        return 3
    return 1e9 if summarize < 0 else int(summarize)


def _compare(x, y, holds, sign, op, message, summarize, name=None):
    # (TF's assert_equal opens its name scope twice: its node is assert_equal_1/...)
    graph = graph_asserts.check(op, name, {'x': x, 'y': y}, 2 if op == 'assert_equal' else 1)
    a, b = _pair(x, y, op)
    ok = holds(a, b)
    if ok.all():        # (in a trace: the Assert op, guarded unless its data are int32)
        return graph_operations.of_check(graph, a.dtype != np.int32)
    if graph is not None:       # in a traced function: the graph Assert kernel's text
        raise graph.binary_error(message, sign, a, b, summarize)
    n = _summarized(summarize)
    lines = ['Condition x %s y did not hold.' % sign]
    if n > 0:
        if a.shape == b.shape and a.ndim:     # where the shapes differ TensorFlow lists no indices
            bad = np.argwhere(~ok)
            shown = min(n, len(bad))
            lines += ['Indices of first %d different values:' % shown, str(bad[:shown]),
                      'Corresponding x values:', str(a[~ok][:shown]), 'Corresponding y values:', str(b[~ok][:shown])]
        lines += ['First %d elements of x:' % min(a.size, n), str(a.reshape(-1)[:n]),
                  'First %d elements of y:' % min(b.size, n), str(b.reshape(-1)[:n])]
    raise InvalidArgumentError('\n'.join(([message] if message is not None else []) + lines))


@tf_named('assert_equal_v2')
def assert_equal(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x == y everywhere (with broadcasting)."""
    if x is y:      # TF's short cut for one tensor (or Python value): nothing is checked, a NoOp in a graph
        return graph_operations.of_static_check(graph_asserts.check('assert_equal', name, {'x': x, 'y': y}), 'NoOp')
    return _compare(x, y, np.equal, '==', 'assert_equal', message, summarize, name)


def assert_none_equal(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x != y everywhere."""
    return _compare(x, y, np.not_equal, '!=', 'assert_none_equal', message, summarize, name)


@tf_named('assert_less_v2')
def assert_less(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x < y everywhere."""
    return _compare(x, y, np.less, '<', 'assert_less', message, summarize, name)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x <= y everywhere."""
    return _compare(x, y, np.less_equal, '<=', 'assert_less_equal', message, summarize, name)


@tf_named('assert_greater_v2')
def assert_greater(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x > y everywhere."""
    return _compare(x, y, np.greater, '>', 'assert_greater', message, summarize, name)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x >= y everywhere."""
    return _compare(x, y, np.greater_equal, '>=', 'assert_greater_equal', message, summarize, name)


def _sign_check(x, holds, sign, op, message, summarize, name=None):
    graph = graph_asserts.check(op, name, {'x': x})
    inner = graph.sign_check(sign) if graph is not None else None
    a = _host(x, op)
    if a.dtype.kind not in 'fiu':
        raise TypeError('%s: expected a real numeric tensor, got dtype %s' % (op, a.dtype.name))
    if holds(a, 0).all():       # (in a trace: its binary check's Assert op)
        return graph_operations.of_check(inner, a.dtype != np.int32)
    if inner is not None:       # in a traced function: the graph Assert kernel's text
        raise inner.sign_error(message, sign, a, summarize)
    n = _summarized(summarize)
    raise InvalidArgumentError('%s\nCondition x %s 0 did not hold element-wise:\nx (shape=%s dtype=%s) = \n%s'
                               % (message + '.  ' if message else '', sign, tuple(a.shape), a.dtype.name,
                                  _pretty(a, n)))


def _pretty(values, n):
    """TensorFlow's _pretty_print of a tensor: a scalar as str, else the first n values as a
    list of strings, with '...' when some are left out."""
    if values.ndim == 0:
        return str(values[()])
    flat = values.reshape(-1)
    shown = [str(v) for v in flat[:n]]
    return str(shown + ['...'] if len(shown) < flat.size else shown)


def assert_positive(x, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x > 0 everywhere."""
    return _sign_check(x, np.greater, '>', 'assert_positive', message, summarize, name)


def assert_non_negative(x, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x >= 0 everywhere."""
    return _sign_check(x, np.greater_equal, '>=', 'assert_non_negative', message, summarize, name)


def assert_negative(x, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x < 0 everywhere."""
    return _sign_check(x, np.less, '<', 'assert_negative', message, summarize, name)


def assert_non_positive(x, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless x <= 0 everywhere."""
    return _sign_check(x, np.less_equal, '<=', 'assert_non_positive', message, summarize, name)


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless |x - y| < atol + rtol * |y| everywhere (strictly, as TensorFlow).

    rtol and atol default to 10 * eps of the dtype (1.19e-6 for float32), as in TensorFlow, whose check is
    an ``Assert`` over [message, the tolerances, x, y]: the error is that Assert's, tensors printed as tensors.
    """
    graph = graph_asserts.check('assert_near', name, {'x': x, 'y': y})
    x = convert_to_tensor(x, name='x')
    y = convert_to_tensor(y, dtype=x.dtype, name='y')     # (its refusal starts 'y: ', as TF's)
    real = np.real(np.zeros((), dtypes.numpy_dtype(x.dtype))).dtype
    eps = np.finfo(real).eps            # an integer dtype: numpy's "data type ... not inexact", as TF's
    rtol = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=real)
    atol = convert_to_tensor(10 * eps if atol is None else atol, dtype=real)
    a, b = _host(x, 'assert_near'), _host(y, 'assert_near')
    tolerance = np.asarray(backend.to_host(atol._data)) + np.asarray(backend.to_host(rtol._data)) * np.abs(b)
    held = bool((np.abs(a - b) < tolerance).all())
    if graph is not None:       # in a traced function: the graph Assert kernel's text
        if not held:
            raise graph.near_error(message, dtypes.display_name(real), a, b, summarize)
        return graph_operations.of_check(graph)
    Assert(Tensor(np.asarray(held)), [
        '%s.  ' % message if message else '',
        'x and y not equal to tolerance rtol = %s, atol = %s' % (rtol, atol),
        'x (shape=%s dtype=%s) = ' % (x.shape, x.dtype.name), x,
        'y (shape=%s dtype=%s) = ' % (y.shape, y.dtype.name), y], summarize=summarize)


def assert_all_finite(x, message, name=None):
    """Return x, or raise as ``tf.debugging.check_numerics`` (TensorFlow's op is that kernel, in a
    VerifyFinite scope: a tf.function's graph error names node VerifyFinite/CheckNumerics)."""
    from .debugging import NumericsError, check_numerics
    graph = graph_asserts.check('VerifyFinite', name, {})
    try:
        checked = check_numerics(x, message)
        # (TF's output is an identity with a control dependency on the check)
        return graph_asserts.named_output(checked, graph.scope + '/control_dependency') if graph else checked
    except NumericsError as error:
        if graph is None:
            raise
        raise NumericsError(graph.op_error(str(error), graph.scope + '/CheckNumerics')) from None


def _static_shape(x, op):
    shape = getattr(x, 'shape', None)
    if shape is None:
        shape = np.shape(_host(x, op))
    return tuple(shape)


@tf_named('assert_rank_v2')
def assert_rank(x, rank, message=None, name=None):
    """Raise ValueError unless x has rank ``rank``."""
    shape = _static_shape(x, 'assert_rank')
    if len(shape) != int(rank):     # (in a trace TF names the graph tensor: 'Tensor x:0 must have rank 2.')
        raise ValueError('%sTensor %s must have rank %d.  Received rank %d, shape %s'
                         % (message + '  ' if message else '', graph_asserts.tensor_name(x) or name or '', int(rank),
                            len(shape), shape))
    return static_rank_check('assert_rank', name)


def static_rank_check(kind, name):
    """What a rank check that held returns: in a trace TF's NoOp for a rank known when tracing (tapeflow's
    ranks always are), None eagerly."""
    if not graph_operations.in_graph():
        return None
    return graph_operations.of_static_check(graph_asserts.check(kind, name, {}), 'static_checks_determined_all_ok')


def assert_rank_at_least(x, rank, message=None, name=None):
    """Raise ValueError unless x has rank >= ``rank``."""
    shape = _static_shape(x, 'assert_rank_at_least')
    if len(shape) < int(rank):
        raise ValueError('%sTensor %s must have rank at least %d.  Received rank %d, shape %s'
                         % (message + '  ' if message else '', graph_asserts.tensor_name(x) or name or '', int(rank),
                            len(shape), shape))
    return static_rank_check('assert_rank_at_least', name)


def _describe(x, shape):
    graph_name = graph_asserts.tensor_name(x)       # (in a trace TF names the graph tensor: x:0)
    if graph_name is not None:
        return graph_name
    dtype = getattr(x, 'dtype', None)
    return 'shape=%s dtype=%s' % (shape, dtypes.display_name(np.dtype(dtype)) if dtype is not None else '?')


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """Check shapes against each other: ``[(x, ('N', 'D')), (y, ('N',))]``. A letter must take
    one size in every tensor that names it, an int is that size, None or '.' any size, and
    '*' before the rest means any number of leading axes.

    Raises:
        ValueError: naming the tensor, the dimension, the size it needs and where that came from.
    """
    if isinstance(shapes, dict):
        shapes = list(shapes.items())
    sizes = {}                          # letter -> (size, the tensor that fixed it, its axis)
    prefix = message + '  ' if message else ''
    for entry in shapes:
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise TypeError('assert_shapes: each entry must be (tensor, shape spec), got %r' % (entry,))
        x, spec = entry
        shape = _static_shape(x, 'assert_shapes')
        # x.shape as the spec: TF reads a TensorShape as its dimensions (TensorShape(None): 'Cannot iterate ...')
        spec = tuple(spec) if isinstance(spec, SHAPE_SEQUENCES) else tuple(spec.split()) if isinstance(spec, str) else (spec,)
        leading_any = bool(spec) and spec[0] == '*'
        spec = spec[1:] if leading_any else spec
        if leading_any:
            rank_ok, wanted = len(shape) >= len(spec), 'at least %d' % len(spec)
        elif len(spec) == 1:            # TensorFlow lets a scalar meet a one-axis spec
            rank_ok, wanted = len(shape) <= 1, 'in (0, 1)'
        else:
            rank_ok, wanted = len(shape) == len(spec), str(len(spec))
        if not rank_ok:
            raise ValueError('%sTensor %s must have rank %s.  Received rank %d, shape %s'
                             % (prefix, name or '', wanted, len(shape), shape))
        dims = shape[len(shape) - len(spec):]
        for axis, (want, got) in enumerate(zip(spec, dims), start=len(shape) - len(spec)):
            if want is None or want == '.':
                continue
            if isinstance(want, str):
                if want not in sizes:
                    sizes[want] = (got, _describe(x, shape), axis)
                    continue
                size, source, source_axis = sizes[want]
                origin = 'Specified by tensor %s dimension %d.' % (source, source_axis)
            else:
                size, origin = int(want), 'Specified explicitly.'
            if got != size:
                raise ValueError('%s%s  Tensor %s dimension %d must have size %d.  Received size %d, shape %s'
                                 % (prefix, origin, _describe(x, shape), axis, size, got, shape))


def assert_type(tensor, tf_type, message=None, name=None):
    """Raise TypeError unless ``tensor`` has dtype ``tf_type``."""
    want = dtypes.numpy_dtype(tf_type)
    got = getattr(tensor, 'dtype', None)
    if got is None or np.dtype(got) != want:
        raise TypeError('%s%s must be of type tf.%s; got tf.%s'      # ('x:0 must ...' in a trace)
                        % (message + ' ' if message else '', graph_asserts.tensor_name(tensor) or 'tensor',
                           dtypes.display_name(want),
                           dtypes.display_name(np.dtype(got)) if got is not None else type(tensor).__name__))


def assert_integer(x, message=None, name=None):
    """Raise TypeError unless x has an integer dtype."""
    dtype = getattr(x, 'dtype', None)
    if dtype is None or np.dtype(dtype).kind not in 'iu':
        raise TypeError('%sExpected "x" to be integer type.  Found: tensor of dtype %s'
                        % (message + ' ' if message else '', dtype))


@tf_named('assert_scalar_v2')
def assert_scalar(tensor, message=None, name=None):
    """Raise ValueError unless ``tensor`` is a scalar. Returns None (TF 2.21's v2; tf.compat.v1's returns
    the tensor: compat/v1_debugging.py)."""
    check_scalar(tensor, message, depth=2)


def check_scalar(tensor, message, depth):
    """Raise TF's ValueError unless ``tensor`` is statically a scalar: in a trace its traced shape, which an
    input_signature's TensorSpec(None) leaves unknown ('Expected scalar shape for a:0, saw shape: <unknown>.');
    ``depth``: frames from here up to the user's call (tapeflow's own calls check the array)."""
    graph_name = graph_asserts.tensor_name(tensor)
    shape = traced_shape(tensor, depth) if graph_name is not None else None
    if shape is None:
        shape = TensorShape(_static_shape(tensor, 'assert_scalar'))
    if shape.ndims != 0:
        raise ValueError('%sExpected scalar shape%s, saw shape: %s.' % (
            message + '.  ' if message else '', '' if graph_name is None else ' for ' + graph_name, shape))


def Assert(condition, data, summarize=None, name=None):  # noqa: N802  (TensorFlow's name)
    """Raise InvalidArgumentError listing ``data`` unless the scalar ``condition`` is true."""
    graph = graph_asserts.check('Assert', name, {})
    held = _host(condition, 'Assert')
    if held.dtype != np.bool_ or held.size != 1:
        raise TypeError('Assert: condition must be one bool, got dtype %s and shape %s' % (held.dtype.name, held.shape))
    if not held.reshape(()):
        if graph is not None:       # in a traced function: the graph Assert kernel's text
            raise graph.error([d if isinstance(d, str) else _host(d, 'Assert') for d in data], summarize)
        n = 3 if summarize is None else int(summarize)
        shown = [repr(d.encode()) if isinstance(d, str) else _summary(_host(d, 'Assert'), n) for d in data]
        # TF's eager Assert writes the condition as given (a tensor's str, 'False' for a Python bool).
        raise InvalidArgumentError("Expected '%s' to be true. Summarized data: %s" % (condition, '\n'.join(shown)))
    if graph is None:
        return None
    return graph_operations.of_check(graph, graph_asserts.guarded([d if isinstance(d, str) else _host(d, 'Assert')
                                                                   for d in data]))


def _summary(values, n):
    """One data entry as TF's eager Assert summarizes it: a scalar's str, else the first ``n`` values
    (all when ``n`` < 0) joined by ', ', with '...' after them when some are left out."""
    if values.ndim == 0:
        return str(values[()]) if n != 0 else ''
    flat = values.reshape(-1)
    shown = [str(x) for x in (flat if n < 0 else flat[:n])]
    return ', '.join(shown + ['...'] * (len(shown) < flat.size))


_LOG_PLACEMENT = [False]     # the setting, as get_log_device_placement reports it


def set_log_device_placement(enabled):
    """Accepted for TensorFlow programs and remembered, not acted on: tapeflow logs no placements (each
    op runs where its inputs' arrays live; ``tf.device`` scopes choose that)."""
    _LOG_PLACEMENT[0] = bool(enabled)


def get_log_device_placement():
    """The setting ``set_log_device_placement`` last made (False at first), as TensorFlow reports it."""
    return _LOG_PLACEMENT[0]
