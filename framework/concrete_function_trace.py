"""``get_concrete_function`` traces at once, as TensorFlow's does: the trace's prints show there.

TensorFlow traces the Python when ``get_concrete_function`` makes a new trace, so its ``print``s come
before anything the program prints afterwards, and calling the concrete function runs the graph
(the tf.function guide: 'Obtaining concrete trace', 'Tracing with Tensor("a:0", shape=(), dtype=string)',
'Executing traced function'). tapeflow's trace is a run of the Python: here it runs once on the
arguments given (a TensorSpec stands in as zeros of its shape, an open size as 1), as a trace, with no
lasting effect the graph's trace would not have: variable writes go to a keras.StatelessScope,
tf.print's and py_function's writes are dropped (no graph runs), and the random kernels the calls use
start where the trace found them. The trace's prints show, its globals are frozen and its output is
known; later calls replay it, as TensorFlow runs its graph. A run that fails (on stand-in values where
TensorFlow's symbolic trace need not) is undone silently: the first call then traces, as before; an
error any values would give (a NameError, a tensor as a Python bool without AutoGraph, AutoGraph's branch
checks) is raised there, as TensorFlow raises it, uncounted; so is one that recurs, word for word, on other
stand-ins (ones, open sizes 2): an error of the traced shapes, which TensorFlow's trace raises there too. A
kernel that fails on the stand-ins (raised, or caught by the traced code) may have failed on an open axis's length
1 (ops.take(x, [0, 1]), top_k, split, a reflect pad of an open axis, where TensorFlow's trace just builds the op):
the trace runs again on stand-ins of open sizes 12, whose run is kept where no kernel fails.
Only user code's calls do this (tapeflow's own, a SavedModel's export, stay as they were), and only for
a trace that reaches no variable (through its code's names, a method's instance or its arguments) and
takes only tensors, specs and Python literals: an optimizer step writes its variables in place, which
no scope here can hold back, so such traces still show their prints at the first call.
"""
import contextlib
import io
import os
import sys

from . import composite_stand_ins, errors, graph_missing_kernels, nest, trace_prints
from .concrete_function_outputs import _stand_in, stand_in_extension
from .concrete_function_variables import captured_variables
from .graph_random_ops import GraphRandomState
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor
from .type_spec import TypeSpec
from .variable import Variable

_OWN_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
                  for name in ('framework', 'layers', 'optim'))
# (what a trace's GraphRandomState learns that its calls keep: the rest is each call's kernel progress)
_PLAIN = (Tensor, TensorSpec, bool, int, float, complex, str, bytes, type(None))
_BRANCH_CHECKS = ('must also be initialized in the', 'must also have a return statement.')
_KEPT = ('static_shapes', 'pushes_constants', 'trace_values', 'keras_step', 'global_seed', 'one_batch_axis')


def called_by_user(depth=2):
    """Whether the code that called get_concrete_function (``depth`` frames up) is the user's."""
    return not sys._getframe(depth).f_code.co_filename.startswith(_OWN_DIRS)


def trace_now(function, entry, key, args, kwargs, any_variables=False):
    """Run ``function``'s trace ``entry`` (made for ``key``) on ``args`` / ``kwargs`` (see the module);
    True when it ran, and ``entry`` is then a shown trace. ``any_variables``: run it even where it reaches
    variables (tf.saved_model.save's traces, which give the variables back their values after)."""
    if not any_variables and not _pure(function, (args, kwargs)):
        return False
    stood_in = _arguments(function, key, args, kwargs, _stand_in)
    if stood_in is None:
        return False
    saved = (entry.random_state, entry.frozen, entry.site, entry.output_type, entry.outputs, entry.numpy_draws,
             entry.iterators, entry.attributes)
    made = errors.op_errors_made()
    try:
        ran, printed = _run_on(function, entry, key, stood_in, saved)
    except Exception as error:      # noqa: BLE001 (undone: the first call traces, as before)
        if _whatever_the_values(error) or (not any_variables and _again_on_other_values(
                function, entry, key, _arguments(function, key, args, kwargs, _other_stand_in), error, saved)):
            _forget(function, entry)    # (TF raises it here, its trace not made, after the trace's prints)
            sys.stdout.write(getattr(error, 'trace_prints', ''))
            raise
        ran, printed = False, ''
    if errors.op_errors_made() != made and not any_variables:
        # a kernel failed on the stand-ins (raised, or caught by the traced code): on an open axis's length 1,
        # perhaps (ops.take(x, [0, 1]) of (None, 4), top_k, split, reflect pad), where TF's trace builds the op
        longer = _arguments(function, key, args, kwargs, _longer_stand_in)
        if longer is not None:
            _undo(entry, saved)
            made = errors.op_errors_made()
            try:
                longer_ran, longer_printed = _run_on(function, entry, key, longer, saved)
            except Exception:       # noqa: BLE001 (the first stand-ins' outcome stands)
                longer_ran = False
            if longer_ran and errors.op_errors_made() == made:
                sys.stdout.write(longer_printed)
                return True
            _undo(entry, saved)
            try:
                ran, printed = _run_on(function, entry, key, stood_in, saved)
            except Exception:       # noqa: BLE001 (as the first run: undone)
                ran, printed = False, ''
    sys.stdout.write(printed)
    return ran


def _arguments(function, key, args, kwargs, stand_in):
    """(args, kwargs) with each TensorSpec a ``stand_in`` tensor (an input_signature's converted), or None
    for a spec with no stand-in."""
    try:
        args, kwargs = _stood_in((list(args), dict(kwargs)), stand_in)
        if key is None:         # (an input_signature's trace: the converted tensors)
            args, kwargs = function._binder.cast(args, kwargs), {}
    except LookupError:
        return None
    return args, kwargs


def _run_on(function, entry, key, arguments, saved):
    """Run the trace ``entry`` on ``arguments`` with no lasting effect but the trace's: (True, its prints);
    an error undoes ``entry`` to ``saved`` and carries the prints as ``error.trace_prints``."""
    from .keras.stateless_scope import StatelessScope      # (framework.keras imports tf.function's modules)
    entry.random_state = GraphRandomState()
    sink = io.StringIO()        # (the prints are let out only when the trace succeeds)
    try:
        with contextlib.redirect_stdout(sink), trace_prints.held(run=False), StatelessScope(), \
                graph_missing_kernels.tracing_only():
            function._run(entry, key, *arguments, counted=False)
    except Exception as error:      # noqa: BLE001 (undone)
        _undo(entry, saved)
        try:
            error.trace_prints = sink.getvalue()
        except AttributeError:      # (an exception type without a __dict__)
            pass
        raise
    traced, entry.random_state = entry.random_state, GraphRandomState()
    for name in _KEPT:
        setattr(entry.random_state, name, getattr(traced, name))
    return True, sink.getvalue()


def _undo(entry, saved):
    (entry.random_state, entry.frozen, entry.site, entry.output_type, entry.outputs, entry.numpy_draws,
     entry.iterators, entry.attributes) = saved
    entry.shown = False


def _whatever_the_values(error):
    """Whether a trace raising ``error`` on stand-ins would raise it on any values: a name the code lacks, a
    tensor used as a Python bool where AutoGraph does not convert, AutoGraph's checks of what a tensor ``if``'s
    branches leave."""
    from .errors import OperatorNotAllowedInGraphError
    return isinstance(error, (NameError, OperatorNotAllowedInGraphError)) or (
        isinstance(error, ValueError) and any(phrase in str(error) for phrase in _BRANCH_CHECKS))


def _again_on_other_values(function, entry, key, arguments, error, saved):
    """Whether the trace fails as it did (``error``, neither a kernel's OpError nor an interrupt) on
    ``arguments``, other stand-ins (ones, open sizes 2): an error of the traced shapes and the code, as TF's
    symbolic trace raises here (keras.ops.glu on an open axis: x.shape[axis] % 2 of None), not of the zeros,
    length-1 stand-ins. The run leaves ``entry`` as ``saved`` holds it."""
    if isinstance(error, errors.OpError) or not isinstance(error, Exception) or arguments is None:
        return False
    try:
        _run_on(function, entry, key, arguments, saved)
    except Exception as again:      # noqa: BLE001 (compared with the first run's error)
        return type(again) is type(error) and str(again) == str(error)
    _undo(entry, saved)
    return False


def _other_stand_in(spec):
    """A TensorSpec's second stand-in: ones (b'1' for strings), its open sizes 2."""
    import numpy as np
    values = _stand_in(_opened_as(spec, 2))._data
    return Tensor(np.full(values.shape, b'1', dtype=object) if values.dtype.kind == 'O' else np.ones_like(values))


def _longer_stand_in(spec):
    """A TensorSpec's stand-in of open sizes 12 (zeros): longer than the indices, k, paddings of most traces,
    and divisible by 2, 3, 4 and 6 (split)."""
    return _stand_in(_opened_as(spec, 12))


def _opened_as(spec, length):
    if spec.shape is None or getattr(spec.shape, 'rank', 0) is None:
        return spec
    return TensorSpec([length if d is None else d for d in spec.shape], spec.dtype)


def _forget(function, entry):
    """Take the trace ``entry`` out of ``function``'s cache (a trace that failed is not counted)."""
    function._traces.remove(entry)
    for key in [key for key, found in function._dispatch.items() if found is entry]:
        del function._dispatch[key]


def _pure(function, arguments):
    """Whether the trace can run with no effect to undo: it reaches no variable (an optimizer's step writes
    its variables' buffers in place, past the StatelessScope) and takes only tensors, specs and literals."""
    # (the names in its own code only, as before helpers were read: a helper's variable reads stay a trace
    # here, so its prints keep TF's place; what a helper writes, the StatelessScope holds)
    if captured_variables(function.python_function, through_helpers=False):
        return False
    return all(_plain(leaf) for leaf in nest.flatten(arguments))


def _plain(leaf):
    """A tensor, a TensorSpec, a Python literal, an ExtensionType value or spec holding only those, a SparseTensor,
    RaggedTensor or their spec (composite_stand_ins)."""
    from .extension_type import ExtensionType, ExtensionTypeSpec
    if composite_stand_ins.is_composite_value(leaf) or composite_stand_ins.is_composite_spec(leaf):
        return True
    if isinstance(leaf, ExtensionType):
        return all(_plain(part) for part in nest.flatten(leaf, expand_composites=True))
    if isinstance(leaf, ExtensionTypeSpec):
        return all(_plain(part) for part in nest.flatten(dict(leaf._fields)))
    return isinstance(leaf, _PLAIN) and not isinstance(leaf, Variable)


def _stood_in(structure, stand_in=_stand_in):
    """``structure`` with each TensorSpec a ``stand_in`` tensor (a sparse or ragged spec a value of such parts);
    LookupError for another spec."""
    from .extension_type import ExtensionTypeSpec

    def leaf(value):
        if isinstance(value, TensorSpec):
            return stand_in(value)
        if isinstance(value, ExtensionTypeSpec):        # (its tensor fields stood in for)
            return stand_in_extension(value, stand_in)
        if composite_stand_ins.is_composite_spec(value):     # (a SparseTensor / RaggedTensor of its parts' stand-ins)
            return composite_stand_ins.stand_in(value, stand_in)
        if isinstance(value, TypeSpec):
            raise LookupError
        return value
    return nest.map_structure(leaf, structure)
