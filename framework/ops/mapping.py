"""Applying Python functions to tensors: map_fn, vectorized_map, py_function, numpy_function.

map_fn and vectorized_map call ``fn`` on each slice along axis 0 and stack the
results; slicing (getitem) and stacking are recorded ops, so gradients flow
through ``fn`` as through any other code. py_function runs its function on
tensors, recorded too; numpy_function hands numpy arrays over, which leaves
the tape, so its outputs have no gradient (as in TensorFlow).
"""
import functools
import linecache
import sys

import numpy as np

from .. import assert_statements, backend, dtypes, graph_random_ops, nest, stateful_kernels, trace_names, trace_prints
from ..nest_compare import assert_same_structure
from ..autograph_lambda_warning import _why_unparsable, warn_if_unparsable
from ..host_random_replay import eager_draws
from ..errors import InvalidArgumentError
from ..tape import record_blocked
from ..tensor import Tensor, convert_to_tensor
from ..tf_python_names import tf_named
from .indexing import getitem
from .operands import ACTIVE, as_tensor
from .py_function_errors import kernel_error
from .shapes import identity, stack
from .tensor_spec import TensorSpec
from ..extension_batching import has_extension_values, refuse_unbatchable, restore, take_apart
from .map_fn_composite import map_composite, takes_composites


def _slices(elems, op):
    """(structure, flat leaves, n): the elements' leaves as tensors sharing one leading size n."""
    leaves = [as_tensor(x, op) for x in nest.flatten(elems)]
    if op == 'map_fn':
        _check_map_fn_leaves(elems, leaves)
    if not leaves:
        raise ValueError('%s: elems is empty; give a tensor or a structure of tensors' % op)
    for x in leaves:
        if x.ndim == 0:
            raise ValueError('%s: elements of elems must have rank >= 1 (they are sliced along axis 0); '
                             'got a scalar' % op)
    sizes = sorted({x.shape[0] for x in leaves})
    if len(sizes) > 1:
        raise ValueError('%s: the tensors in elems must share their first dimension, got shapes %s'
                         % (op, [tuple(x.shape) for x in leaves]))
    return leaves, sizes[0]


def _check_map_fn_leaves(elems, leaves):
    """TF 2.21's map_fn checks, in its order and words: no tensors at all, a scalar first element, then each
    later element's rank (TensorShape.with_rank_at_least) and first dimension against the first's;
    tapeflow's explanation rides as a note."""
    def fail(text, note):
        error = ValueError(text)
        error.add_note('map_fn: ' + note)
        raise error
    if not leaves:
        fail('elems must be a Tensor or (possibly nested) sequence of Tensors. Got %s, which does not contain any '
             'Tensors.' % (elems,), 'give a tensor or a structure of tensors')
    scalar = 'elements of elems must have rank >= 1 (they are sliced along axis 0); got a scalar'
    if leaves[0].ndim == 0:
        fail('Elements in elems must be 1+ dimensional Tensors, not scalars', scalar)
    n = leaves[0].shape[0]
    for x in leaves[1:]:
        if x.ndim == 0:
            fail('Shape () must have rank at least 1', scalar)
        if x.shape[0] != n:
            fail('Dimensions %d and %d are not compatible' % (n, x.shape[0]),
                 'the tensors in elems must share their first dimension, got shapes %s'
                 % [tuple(t.shape) for t in leaves])


def _run(fn, elems, leaves, n, op):
    if not callable(fn):
        raise TypeError('%s: fn must be callable, got %r (of type %s)' % (op, fn, type(fn).__name__))
    return [fn(nest.pack_sequence_as(elems, [getitem(x, i) for x in leaves])) for i in range(n)]


def _autograph_converts(fn):
    """Whether AutoGraph can read ``fn``'s source to convert it (code run from a string, or a lambda
    it cannot single out on its line, runs unconverted, and its errors keep their own words)."""
    code = getattr(fn, '__code__', None)
    if code is None or not linecache.getlines(code.co_filename):
        return False
    if fn.__name__ != '<lambda>':
        return True
    module = sys.modules.get(getattr(fn, '__module__', None) or '')
    return module is None or _why_unparsable(fn, module) is None


def _rows(elems):
    """Each element (slice along axis 0) of a structure of tensors, in elems' structure."""
    leaves, n = _slices(elems, 'map_fn')
    return [nest.pack_sequence_as(elems, [getitem(x, i) for x in leaves]) for i in range(n)]


def _spec_dtype(spec, op, what='fn_output_signature'):
    if isinstance(spec, TensorSpec):
        return spec.dtype
    try:
        dtype = dtypes.numpy_dtype(spec)
    except TypeError as err:
        raise TypeError('%s: %s must hold dtypes or TensorSpecs: %s' % (op, what, err)) from None
    if dtype is None:
        raise TypeError('%s: %s must hold dtypes or TensorSpecs, got None' % (op, what))
    return dtype


@tf_named('map_fn_v2')
def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False,
           infer_shape=True, name=None, fn_output_signature=None):
    """``fn`` applied to each slice ``elems[i]`` (of every tensor in a structure), results stacked.

    Args:
        fn: callable taking one element (with elems' structure).
        elems: a tensor or a (nested) structure of tensors sharing their first dimension.
        fn_output_signature (or the older ``dtype``): the structure of fn's output, with a
            dtype or TensorSpec per tensor; None means fn returns elems' structure and dtypes.
    Returns:
        the stacked outputs, in the output structure.
    Raises:
        ValueError: mismatched first dimensions or output structure; TypeError: a dtype differs.
    """
    if not callable(fn):        # TF 2.21 words it with fn.__name__, which fails first: its AttributeError
        error = AttributeError("'%s' object has no attribute '__name__'" % type(fn).__name__)
        error.add_note('map_fn: fn must be callable, got %r (of type %s)' % (fn, type(fn).__name__))
        raise error
    warn_if_unparsable(fn)          # (TensorFlow's map_fn converts fn with AutoGraph)
    signature = fn_output_signature if fn_output_signature is not None else dtype
    expected = signature if signature is not None else elems      # (TF: fn_output_signature or elems)
    if has_extension_values(elems):
        return _map_extensions(fn, elems, signature)
    if hasattr(elems, 'with_flat_values'):      # a RaggedTensor: fn sees each row
        from ..ragged.ragged_dispatch_more import map_rows
        return map_rows(fn, elems, signature)
    if takes_composites(elems, signature):
        return map_composite(fn, elems, signature, _rows)
    leaves, n = _slices(elems, 'map_fn')
    if signature is None:
        signature = nest.pack_sequence_as(elems, [x.dtype for x in leaves])
    spec_leaves = nest.flatten(signature)
    wanted = [_spec_dtype(s, 'map_fn') for s in spec_leaves]
    try:
        outputs = _run(fn, elems, leaves, n, 'map_fn')
    except Exception as err:
        # TF's map_fn runs fn converted by AutoGraph (eagerly): what fn raises comes out in its
        # 'in user code:' words, a kernel's error included (tf.scan and vectorized_map differ)
        from ..function_errors import in_user_code
        rewritten = in_user_code(err, fn, kernel_errors=True) if _autograph_converts(fn) else None
        if rewritten is None:
            raise
        raise rewritten from None
    if n == 0:
        xp = backend.array_module(leaves[0]._data)
        return nest.pack_sequence_as(signature, [Tensor(xp.zeros(_empty_shape(s), d))
                                                 for s, d in zip(spec_leaves, wanted)])
    columns = []
    for i, out in enumerate(outputs):
        # TF's nest.assert_same_structure(fn_output_signature or elems, result): its ValueError, or its
        # TypeError where a list stands for a tuple
        assert_same_structure(expected, out)
        flat = nest.flatten(out)
        flat = [as_tensor(x, 'map_fn', dtype=d) if not isinstance(x, Tensor) else x for x, d in zip(flat, wanted)]
        for k, (x, d) in enumerate(zip(flat, wanted)):
            if x.dtype != d:
                # TensorFlow's words (its TensorArray refuses the write, with a trailing space)
                error = InvalidArgumentError('TensorArray dtype is %s but Op is trying to write dtype %s '
                                             % (d.name, x.dtype.name))
                error.add_note('map_fn: output %d of fn has dtype %s but the output signature says %s; pass '
                               'fn_output_signature=%s or cast inside fn' % (k, x.dtype.name, d.name, x.dtype.name))
                raise error
        columns.append(flat)
    return nest.pack_sequence_as(signature, _stacked(columns, 'map_fn'))


def _map_extensions(fn, elems, signature):
    """map_fn over BatchableExtensionType values: their tensors are sliced and fn's outputs stacked as a
    structure (extension_batching.py); fn sees, and returns, the values themselves."""
    refuse_unbatchable(elems, '_unbatch')
    apart = lambda value: take_apart(value, lambda leaf: leaf)    # noqa: E731
    if signature is not None:
        signature = apart(signature)
    return restore(map_fn(lambda element: apart(fn(restore(element))), apart(elems),
                          fn_output_signature=signature))


def _empty_shape(spec):
    """(0,) + the spec's shape when fully known; otherwise (0,), as TensorFlow gives."""
    if isinstance(spec, TensorSpec) and spec.shape.rank is not None and None not in spec.shape:
        return (0,) + tuple(spec.shape)
    return (0,)


def _stacked(columns, op):
    result = []
    for k in range(len(columns[0])):
        parts = [row[k] for row in columns]
        shapes = {tuple(p.shape) for p in parts}
        if len(shapes) > 1:
            raise ValueError('%s: fn returned output %d with different shapes %s across elements'
                             % (op, k, sorted(shapes)))
        result.append(stack(parts))
    return result


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """``fn`` on each slice of ``elems`` along axis 0, outputs stacked (eager: a loop).

    The output structure and dtypes are whatever ``fn`` returns; ``elems`` must
    have at least one element so that they can be seen.
    """
    leaves, n = _slices(elems, 'vectorized_map')
    if n == 0:
        raise ValueError('vectorized_map: elems have no elements (first dimension 0), so fn\'s output '
                         'structure is unknown; use map_fn with fn_output_signature')
    from ..pfor_tracing import pfor_called     # (late: function imports ops)
    pfor_called()
    outputs = _stacked_run(fn, elems, leaves, n)
    columns = [[as_tensor(x, 'vectorized_map') for x in nest.flatten(out)] for out in outputs]
    return nest.pack_sequence_as(outputs[0], _stacked(columns, 'vectorized_map'))


def _stacked_run(fn, elems, leaves, n):
    """vectorized_map's loop, each call one of pfor's ``n`` stacked iterations (pfor_rows): TF runs fn's
    kernels once over the stacked elements, so an elementwise kernel's packets of 8 cover every element
    but the stack's last size % 8, where a row of 4 alone is all tail (tf.sigmoid's bits)."""
    from . import pfor_rows
    if not callable(fn):
        return _run(fn, elems, leaves, n, 'vectorized_map')         # (its TypeError)
    outer, stacked_values = pfor_rows.SWEEP[0], pfor_rows.STACKED_VALUES[0]
    with pfor_rows.stacked(n):
        pfor_rows.STACKED_VALUES[0] = True
        try:
            outputs = []
            for i in range(n):
                pfor_rows.SWEEP[0] = outer * n + i
                outputs.append(fn(nest.pack_sequence_as(elems, [getitem(x, i) for x in leaves])))
            return outputs
        finally:
            pfor_rows.STACKED_VALUES[0] = stacked_values


def _call_convention(op, func, inp, Tout, run):
    if not callable(func):
        raise TypeError('%s: func must be callable, got %r (of type %s)' % (op, func, type(func).__name__))
    if inp is None:
        inp = []
    if not isinstance(inp, (list, tuple)):
        inp = [inp]
    returned = run([as_tensor(x, op) for x in inp])
    if Tout is None:
        return None
    if isinstance(Tout, (list, tuple)):
        # as TF's EagerFunc: a func returning None returns no values (``tf.py_function(lambda:
        # time.sleep(0.01), [], ())`` in the tf.data performance guide), and then an empty Tout
        # gives [] (numpy_function: None)
        values = [] if returned is None else list(returned) if isinstance(returned, (list, tuple)) else [returned]
        if op == 'py_function':
            values = values[:len(Tout)]     # (TF's EagerFunc zips them with Tout: extra results are dropped)
        if len(values) != len(Tout):
            raise InvalidArgumentError('%s: func returned %d values but Tout lists %d dtypes'
                                       % (op, len(values), len(Tout)))
        if not values and op == 'numpy_function':
            return None
        return [_output(v, t, op, len(inp), len(Tout)) for v, t in zip(values, Tout)]
    if op == 'py_function' and isinstance(returned, (list, tuple)) and returned:
        returned = returned[0]      # (TF's EagerFunc zips a list of results with [Tout]: the first one serves)
    return _output(returned, Tout, op, len(inp), 1)


def _output(value, dtype, op, n_inputs, n_outputs):
    dtype = _spec_dtype(dtype, op, 'Tout')
    if op == 'py_function':
        # TF's EagerFunc converts each result with convert_to_tensor(value, dtype) inside the kernel: a numpy
        # float for an int Tout converts; a tensor of another dtype, or 1.5 for int32, is the kernel's error
        try:
            return convert_to_tensor(value, dtype=dtype)
        except (TypeError, ValueError) as err:
            error = kernel_error(err, n_inputs, n_outputs)
            given = 'dtype %s' % value.dtype.name if hasattr(value, 'dtype') else repr(value)
            error.add_note('py_function: func returned %s where Tout says %s; cast it in func or change Tout'
                           % (given, dtype.name))
            raise error from None
    if isinstance(value, (Tensor, np.ndarray, np.generic)):
        if value.dtype != dtype:
            raise TypeError('%s: func returned dtype %s where Tout says %s' % (op, value.dtype.name, dtype.name))
        return value if isinstance(value, Tensor) else convert_to_tensor(value)
    try:
        return convert_to_tensor(value, dtype=dtype)
    except (TypeError, ValueError) as err:
        raise TypeError('%s: cannot convert func\'s result %r to %s: %s' % (op, value, dtype.name, err)) from None


def _called_or_decorator(op, script_op, func, inp, Tout):
    """TF 2.21's argument rules: ``Tout`` is required; without ``func`` the op is a decorator
    (``@tf.py_function(Tout=tf.float32)``) whose function's arguments become ``inp``."""
    public = 'tf.' + op
    if Tout is None:
        raise TypeError("Missing required argument: 'Tout'\n  If using %s as a decorator, set `Tout`\n  **by name** "
                        "above the function:\n  `@%s(Tout=tout)`" % (public, public))
    if func is None:
        if inp is not None:
            raise TypeError("Don't set the `inp` argument when using %s as a decorator (`func=None`)." % public)

        def decorator(fun):
            @functools.wraps(fun)
            def wrapper(*args):
                return script_op(fun, args, Tout)
            return wrapper
        return decorator
    if inp is None:
        raise TypeError('Missing argument `inp`:\n  You must set the `inp` argument (the list of arguments to the\n  '
                        'function), unless you use `%s` as a decorator(`func=None`).' % public)
    return script_op(func, inp, Tout)


@tf_named('eager_py_func')
def py_function(func=None, inp=None, Tout=None, name=None):
    """``func(*inp)`` on tensors, its results converted to ``Tout`` (a dtype, a list of them; [] for none).
    Without ``func``, a decorator: ``@tf.py_function(Tout=tf.float32)``.

    The call is recorded like any other code, so gradients flow through func.
    """
    return _called_or_decorator('py_function', _py_function, func, inp, Tout)


def _py_function(func, inp, Tout):
    if graph_random_ops.current() is not None:      # in a dataset's function: its iterator is not checkpointed
        stateful_kernels.note('EagerPyFunc')
    def run(tensors):
        try:
            return _every_call(func, tensors, new_outputs=True)
        except Exception as err:            # the kernel's status error, as TensorFlow raises it
            raise kernel_error(err, len(tensors), len(Tout) if isinstance(Tout, (list, tuple)) else 1) from None
    return _call_convention('py_function', func, inp, Tout, run)


def _eager_numpy_function(func, inp):
    """numpy_function outside any tf.function, as TF 2.21 runs it: func on np.array of each input (a Python
    float is float64 there), each result converted as it is (Tout is not applied), a single one unwrapped."""
    if not callable(func):
        raise TypeError('numpy_function: func must be callable, got %r (of type %s)' % (func, type(func).__name__))
    inp = inp if isinstance(inp, (list, tuple)) else [inp]
    tensors = [x for x in inp if isinstance(x, Tensor)]
    if ACTIVE and tensors:
        record_blocked('numpy_function', tuple(tensors))
    arrays = [np.array(backend.to_host(x._data)) if isinstance(x, Tensor) else np.array(x) for x in inp]
    for x, a in zip(inp, arrays):
        if a.dtype == object and not all(isinstance(e, (bytes, str)) for e in a.flat):     # strings are fine
            raise TypeError('numpy_function: inp holds %r (of type %s), which is no array of numbers or strings'
                            % (x, type(x).__name__))
    results = [None if x is None else convert_to_tensor(x) for x in nest.flatten(_every_call(func, arrays))]
    return results[0] if len(results) == 1 else results


def _every_call(func, args, new_outputs=False):
    """``func(*args)`` as TensorFlow runs a py_function's Python: at every call of an enclosing
    tf.function, its prints included, and eagerly (``executing_eagerly()`` is True there, so a
    numpy_function called inside takes its eager path, and its assert statements are plain Python).
    ``new_outputs``: an input ``func`` hands back comes out as a copy (identity, so its gradient
    flows), as TF's EagerPyFunc gives new tensors: ``ds.map(lambda x, y: tf.py_function(lambda a, b:
    (a, b), [x, y], [...]))`` names them its own outputs, of unknown rank (map_spec.py)."""
    from ..eager_graph_names import init_scope
    from ..function import unmuted      # (late: function imports ops)
    from ..data import peeked_script_calls     # (late: the data package imports ops)
    with unmuted(), init_scope(), assert_statements.running(None, ''), trace_names.eager_inside(), \
            eager_draws():
        # (a dataset's spec read runs it as the first element's call: data/peeked_script_calls.py)
        returned = peeked_script_calls.call(func, args, lambda: trace_prints.graph_output(lambda: func(*args)))
        if new_outputs:
            returned = _copies_of_inputs(returned, args)
        return returned


def _copies_of_inputs(returned, args):
    passed = {id(x) for x in args}
    if type(returned) in (list, tuple):
        return type(returned)(identity(v) if id(v) in passed else v for v in returned)
    return identity(returned) if id(returned) in passed else returned


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):
    """``func(*arrays)`` on numpy arrays, its results converted to ``Tout``; not differentiable.
    Without ``func``, a decorator: ``@tf.numpy_function(Tout=tf.float32)``."""
    if stateful and graph_random_ops.current() is not None:     # (TF's PyFunc; PyFuncStateless is not stateful)
        stateful_kernels.note('PyFunc')
    return _called_or_decorator('numpy_function', _numpy_function, func, inp, Tout)


def _numpy_function(func, inp, Tout):
    from .. import executing_eagerly     # (late: framework imports ops)
    if executing_eagerly():
        for dtype in (Tout if isinstance(Tout, (list, tuple)) else [Tout]):
            _spec_dtype(dtype, 'numpy_function', 'Tout')      # checked, though TF's eager path does not apply it
        return _eager_numpy_function(func, inp)

    def run(tensors):
        if ACTIVE:
            record_blocked('numpy_function', tuple(tensors))
        return _every_call(func, [_graph_argument(np.asarray(backend.to_host(t._data))) for t in tensors])
    return _call_convention('numpy_function', func, inp, Tout, run)


def _graph_argument(array):
    """What TF's PyFunc kernel (a traced numpy_function, a Dataset.map's) hands ``func``: PyArray_Return of
    each array, so a 0-d one is a numpy scalar, and a 0-d string the bytes themselves (dataset_ops' docstring
    calls t.decode('utf-8') on it)."""
    return array[()] if array.ndim == 0 else array
