"""keras.ops calls and operators on KerasTensors: recorded as Operation nodes.

``record_op('mean', args, kwargs)`` splits the call into the op's config
(axis, keepdims) and its call arguments (the tensors), as Keras 3 does, makes
an ``Operation`` and records the call. The outputs' shapes and dtypes come
from running the function on concrete stand-ins (ones; zeros when ones do not
fit) with the free axes 2 long, then 3 long: the output axes that change
between the two runs are free (None), as Keras's symbolic shapes say.
"""

import inspect

import numpy as np

from framework import nest
from framework.silenced_warnings import silenced_warnings
from framework.errors import OpError
from framework.tape import paused
from framework.tensor import Tensor

from .keras_op_shape_checks import check_keras_output_spec, keras_reshape_shape
from .keras_op_specs import keras_op_spec
from .keras_tensor import KerasTensor
from .node import Node
from .operation import Operation, _signature, call_parameters, op_function

# keras.ops functions that run the caller's functions: a graph cannot record those.
_TAKES_FUNCTIONS = frozenset(('associative_scan', 'cond', 'custom_gradient', 'fori_loop', 'map', 'scan', 'switch',
                              'vectorize', 'vectorized_map', 'while_loop', 'jvp'))


def contains_keras_tensor(args, kwargs):
    """Whether a KerasTensor is among the arguments, nested in lists, tuples or dicts."""
    for value in args:
        if type(value) is KerasTensor or isinstance(value, (list, tuple, dict)) and _nested_keras_tensor(value):
            return True
    for value in kwargs.values():
        if type(value) is KerasTensor or isinstance(value, (list, tuple, dict)) and _nested_keras_tensor(value):
            return True
    return False


def _nested_keras_tensor(value):
    return any(type(x) is KerasTensor for x in nest.flatten(value))


# keras.ops functions that answer from a KerasTensor's shape and dtype, recording nothing (not ndim: Keras 3
# records an Ndim op, a float32 KerasTensor of shape (rank,), keras_array_specs).
_STATIC_ANSWERS = {
    'shape': lambda x: x.shape,
    'dtype': lambda x: x.dtype,
    'is_tensor': lambda x: False,
}


def record_op(function_name, args, kwargs):
    """``keras.ops.<function_name>(*args, **kwargs)`` on KerasTensors: a new Operation, called.

    Raises:
        ValueError: an op that runs the caller's own functions (``cond``, ``scan``, ...): wrap
            such code in a layer.
    """
    if function_name in _TAKES_FUNCTIONS:
        raise ValueError('keras.ops.%s runs your functions, and a functional model cannot record it on KerasTensors; '
                         'put the code in a keras.layers.Lambda or a custom Layer and call that on the tensors'
                         % function_name)
    if function_name in _STATIC_ANSWERS and len(args) == 1 and not kwargs and type(args[0]) is KerasTensor:
        return _STATIC_ANSWERS[function_name](args[0])
    if function_name == 'convert_to_numpy':     # values only: Keras's "A KerasTensor is symbolic ..." ValueError
        np.asarray(next(x for x in nest.flatten((list(args), kwargs)) if type(x) is KerasTensor))
    fn = op_function(function_name)
    signature = _signature(fn)
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError as err:
        _raise_pythons_binding_error(fn, signature, args, kwargs, 'keras.ops.%s' % function_name)
        raise TypeError('keras.ops.%s: %s' % (function_name, err)) from None
    bound.apply_defaults()
    calls = call_parameters(function_name, fn)
    call_names = {name.strip('*=') for name in calls}
    config = {}
    for name, value in bound.arguments.items():
        kind = signature.parameters[name].kind
        if name in call_names:
            continue
        if kind is kind.VAR_KEYWORD:
            config.update(value)
        elif _nested_keras_tensor(value):
            raise TypeError('keras.ops.%s: argument %r is a KerasTensor, but Keras takes it as a fixed setting of the '
                            'op, not a tensor; pass a Python value' % (function_name, name))
        else:
            config[name] = value
    op = Operation(function_name, config)
    call_args, call_kwargs = [], {}
    for name in calls:
        value = bound.arguments.get(name.strip('*='))
        if name.startswith('*'):
            call_args.extend(value or ())
        elif name.endswith('='):
            call_kwargs[name[:-1]] = value
        else:
            call_args.append(value)
    return call_symbolic_op(op, tuple(call_args), call_kwargs)


def _raise_pythons_binding_error(fn, signature, args, kwargs, name):
    """Raise Python's own TypeError for a call whose arguments ``fn``'s signature refuses, as Keras 3's function
    gets it ("expand_dims() missing 1 required positional argument: 'axis'"): calling the innermost function
    (whose signature that is) fails while binding, before any of its body runs."""
    inner = inspect.unwrap(fn)
    if not inspect.isfunction(inner) or inspect.signature(inner) != signature:
        return
    try:
        inner(*args, **kwargs)
    except TypeError as err:
        err.add_note(name)
        raise err.with_traceback(None) from None


def call_symbolic_op(op, args, kwargs):
    """Record ``op(*args, **kwargs)`` as a Node; returns its KerasTensor outputs."""
    check_keras_output_spec(op, args, kwargs)
    if op.function_name == 'reshape' and type(args[0]) is KerasTensor and not hasattr(op.config['newshape'], 'shape'):
        # Keras 3's shape rule, where a stand-in run would fail on a free axis' length ((None, 2, 3) reshaped to
        # (4, 2) is (4, 2)) or on sizes Keras leaves open ((2.0, 3) is (None, 3))
        outputs = KerasTensor(keras_reshape_shape(args[0].shape, op.config['newshape']), args[0].dtype)
        Node(op, args, kwargs, outputs)
        return outputs
    outputs = keras_op_spec(op, args, kwargs)
    if outputs is not None:     # Keras 3's fixed spec (view_as_real is float32 whatever the input)
        Node(op, args, kwargs, outputs)
        return outputs
    first, ran_at = first_stand_in_run(op, args, kwargs)
    varying = _free_output_axes(op, args, kwargs, first, ran_at) if not _shape_given(op) else \
        [()] * len(nest.flatten(first))
    outputs = nest.pack_sequence_as(first, [_symbolic(op, t, axes) for t, axes in zip(nest.flatten(first), varying)])
    Node(op, args, kwargs, outputs)
    return outputs


def _shape_given(op):
    """Whether the op's config gives its output's shape whole, which Keras 3's shape rule returns as it is:
    broadcast_to's shape, a reshape's new shape without -1 ((None, 4, 6) reshaped to (2, 24) is (2, 24))."""
    if op.function_name == 'broadcast_to':
        return True
    if op.function_name == 'reshape':
        shape = op.config.get('newshape')
        return isinstance(shape, (tuple, list)) and all(isinstance(d, (int, np.integer)) and d >= 0 for d in shape)
    return False


# The lengths free axes take in the stand-in runs: the first that fits gives the outputs' fixed lengths; an
# output axis whose length differs between any two runs is free. Short lengths alone miss windows: a 2x2
# max pool or a 3x3 'valid' conv gives 1 (or nothing) at 2 and 3 long, so 8 is tried too.
_FREE_LENGTHS = (2, 3, 8)


def first_stand_in_run(op, args, kwargs):
    """(``op``'s outputs on stand-ins, the length their free axes had): the first of _FREE_LENGTHS that fits
    (a 'valid' 3x3 conv does not fit 2); the error of the shortest if none does."""
    try:
        return _run_on_stand_ins(op, args, kwargs, _FREE_LENGTHS[0]), _FREE_LENGTHS[0]
    except Exception as shortest:     # noqa: BLE001 -- retried longer below, else raised as it was
        causes = [shortest.__cause__]
        if _any_free_axis(args, kwargs):
            for length in _FREE_LENGTHS[1:]:
                try:
                    return _run_on_stand_ins(op, args, kwargs, length), length
                except Exception as error:       # noqa: BLE001 -- the shortest run's error is the one to report
                    causes.append(error.__cause__)
        raise _keras_raised(shortest, causes, op) from None


def _keras_raised(wrapped, causes, op):
    """The error to report for an op no stand-in run fits: the op's own ValueError / TypeError as it is when every
    run raised the same (no free axis' length is in it): Keras's symbolic call raises those same words (its checks
    canonicalize axes and promote dtypes as the eager op does: "dtype='string' is not a valid dtype for Keras type
    promotion.", 'axis 3 is out of bounds ...'); else tapeflow's wrapper, which names the lengths tried."""
    first = causes[0]
    if (isinstance(first, (ValueError, TypeError)) and not isinstance(first, OpError)
            and all(type(c) is type(first) and str(c) == str(first) for c in causes)):
        first.add_note('keras.ops.%s (Keras op %s) on KerasTensors' % (op.function_name, op.class_name))
        return first
    return wrapped


def _any_free_axis(args, kwargs):
    return any(None in x.shape for x in nest.flatten((list(args), kwargs)) if type(x) is KerasTensor)


def _free_output_axes(op, args, kwargs, first, ran_at=_FREE_LENGTHS[0]):
    """For each flattened output, the axes whose length follows the inputs' free axes (``first`` ran with
    them ``ran_at`` long; the longer lengths run again)."""
    flat = nest.flatten(first)
    if not _any_free_axis(args, kwargs):
        return [()] * len(flat)
    varying = None
    for length in _FREE_LENGTHS[_FREE_LENGTHS.index(ran_at) + 1:]:
        try:
            again = nest.flatten(_run_on_stand_ins(op, args, kwargs, length))
        except Exception:        # noqa: BLE001 -- an op that only fits some lengths: the others decide
            continue
        axes = axes_that_differ(flat, again)
        if axes is not None:
            varying = axes if varying is None else [tuple(sorted(set(a) | set(b))) for a, b in zip(varying, axes)]
    return [_first_axis_if_batch_free(t, args, kwargs) for t in flat] if varying is None else varying


def axes_that_differ(first, again):
    """For two runs' flattened outputs, each tensor's axes whose lengths differ between them (the
    axes that follow the inputs' free axes); None when the runs disagree on which outputs are
    tensors or on their ranks (the lengths found first must stand)."""
    if len(again) != len(first) or any(isinstance(a, Tensor) != isinstance(b, Tensor) or
                                       (isinstance(a, Tensor) and a.ndim != b.ndim) for a, b in zip(first, again)):
        return None
    return [tuple(i for i, (m, n) in enumerate(zip(a.shape, b.shape)) if m != n) if isinstance(a, Tensor) else ()
            for a, b in zip(first, again)]


def _batch_free(args, kwargs):
    return any(x.ndim and x.shape[0] is None for x in nest.flatten((list(args), kwargs)) if type(x) is KerasTensor)


def _first_axis_if_batch_free(t, args, kwargs):
    return (0,) if isinstance(t, Tensor) and t.ndim and _batch_free(args, kwargs) else ()


def _identities(shape, dtype):
    # Identity matrices on the last two axes: inv, cholesky, solve need a regular matrix.
    if len(shape) < 2:
        return np.ones(shape, dtype)
    return np.array(np.broadcast_to(np.eye(shape[-2], shape[-1], dtype=dtype), shape))


def _run_on_stand_ins(op, args, kwargs, free_length):
    """``op`` run on concrete tensors in place of the KerasTensors: ones; zeros or identity
    matrices where ones fail."""
    errors = []
    for fill in (np.ones, np.zeros, _identities):
        def concrete(x):
            if type(x) is not KerasTensor:
                return x
            shape = tuple(free_length if d is None else d for d in x.shape)
            if x.dtype == 'string':     # strings live on the host as bytes objects; numpy has no 'string'
                return Tensor(np.full(shape, b'', dtype=object))
            return Tensor(fill(shape, dtype=x.dtype))
        try:
            with paused(), silenced_warnings(), np.errstate(all='ignore'):
                # (a keras.ops Operation's run raises as it is; a keras.Operation subclass is called)
                run = getattr(op, 'run', op)
                return run(*nest.map_structure(concrete, list(args)), **nest.map_structure(concrete, kwargs))
        except Exception as err:     # noqa: BLE001 -- reported below with the op's inputs
            errors.append(err)
    shapes = [x.shape for x in nest.flatten((list(args), kwargs)) if type(x) is KerasTensor]
    error = errors[0]
    kind = ValueError if isinstance(error, ValueError) or not isinstance(error, TypeError) else TypeError
    raise kind('%s (Keras op %s, keras.ops.%s) cannot be applied to KerasTensors of shapes %s (free axes tried '
               'as %d long): %s' % (op.name, op.class_name, op.function_name, shapes, free_length, error)) from error


def _symbolic(op, t, free_axes):
    if not isinstance(t, Tensor):
        raise TypeError('keras.ops.%s returned %r (of type %s) for KerasTensors; only ops that return tensors can be '
                        'recorded in a functional model' % (op.function_name, t, type(t).__name__))
    shape = tuple(None if i in free_axes else d for i, d in enumerate(t.shape))
    return KerasTensor(shape, 'string' if t._data.dtype == object else t._data.dtype)
