"""Branches and loops: cond, case, switch_case, while_loop.

tapeflow executes eagerly, so these are Python ``if`` and ``while`` with
TensorFlow's argument checks: only the chosen branch runs, and the ops it runs
are recorded on the tape like any others. Gradients (and higher derivatives)
through a branch or a loop therefore need no rule of their own.
"""
import contextlib

import numpy as np

from .. import backend, cond_branch_prints, nest, untaken_branch_reads
from ..deprecation import deprecated_argument
from ..errors import InvalidArgumentError, kernel_error
from ..graph_random_ops import inside, subgraph
from ..tensor import Tensor, convert_to_tensor
from ..tensor_shape import TensorShape
from ..tf_python_names import tf_named
from ..traced_cond_names import api_op
from . import control_flow_checks as checks, while_body_structures
from .graph_input_errors import traced
from .shapes import stop_gradient

_NOTHING = contextlib.nullcontext()
_BACK_PROP_FALSE = '''back_prop=False is deprecated. Consider using tf.stop_gradient instead.
Instead of:
results = tf.while_loop(c, b, vars, back_prop=False)
Use:
results = tf.nest.map_structure(tf.stop_gradient, tf.while_loop(c, b, vars))'''


def _callable(fn, op, what):
    if not callable(fn):
        raise TypeError('%s: %s must be callable, got %r (of type %s)' % (op, what, fn, type(fn).__name__))
    return fn


def _predicate(value, op, what):
    """A scalar boolean as a Python bool, or an error naming op, dtype and shape."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if not isinstance(value, Tensor):
        if isinstance(value, (np.ndarray, list, tuple)):
            value = convert_to_tensor(np.asarray(value))
        else:
            raise TypeError('%s: %s must be a scalar bool tensor (or Python bool), got %r (of type %s)'
                            % (op, what, value, type(value).__name__))
    if value._data.dtype.kind != 'b' or value.ndim != 0:
        raise ValueError('%s: %s must be a scalar bool tensor, got dtype %s and shape %s; reduce it with '
                         'reduce_all/reduce_any or compare it to make one' % (op, what, value.dtype.name,
                                                                             tuple(value.shape)))
    return bool(backend.to_host(value._data))


@tf_named('cond_for_tf_v2')
def cond(pred, true_fn=None, false_fn=None, name=None):
    """``true_fn()`` if ``pred`` else ``false_fn()``; only the chosen branch runs.

    Args:
        pred: a scalar bool tensor or Python bool.
        true_fn, false_fn: callables without arguments.
    Returns:
        what the chosen branch returns.
    Raises:
        TypeError: a branch that is not callable; ValueError/TypeError: pred not a scalar bool.
    """
    for fn, what in ((true_fn, 'true_fn'), (false_fn, 'false_fn')):
        if fn is None:
            raise TypeError("cond(): '%s' argument required" % what)
        checks.callable_argument(fn, what, 'cond')
    if type(pred) is bool and traced():     # (TF's graph cond; eagerly a Python bool just picks)
        raise TypeError('pred must not be a Python bool', pred)
    # in a traced function TensorFlow traces both branches, each a graph of its own
    branch_graphs = (subgraph('cond_true'), subgraph('cond_false')) if isinstance(pred, Tensor) else (None, None)
    # (eagerly TF reads any predicate as NumPy reads its value; a graph's Switch takes a scalar bool only)
    take = _predicate(pred, 'cond', 'pred') if traced() else checks.eager_truth(pred)
    op = api_op('cond', name) if branch_graphs[0] is not None else None
    if op is not None and not take:     # (TF traces true_fn first: its prints show before false_fn runs)
        cond_branch_prints.show(true_fn)
    marked = untaken_branch_reads.marks() if op is not None and traced() else None
    with inside(branch_graphs[0] if take else branch_graphs[1]):
        if op is None:
            return true_fn() if take else false_fn()
        with op:
            result = true_fn() if take else false_fn()
    if take:
        cond_branch_prints.show(false_fn)
    if op.graph is not None:    # TF traces both branches and compares what they return
        from .. import cond_branch_structures      # (late: it reads concrete functions' graph outputs)
        refused = cond_branch_structures.refusal(result, false_fn if take else true_fn, take, op.scope)
        if refused is not None:
            raise refused
    if marked:          # (the untaken branch's variables are the If op's inputs too: zero gradients)
        result = untaken_branch_reads.connect(result, (false_fn if take else true_fn,), marked)
    return op.outputs(result)


@tf_named('case_v2')
def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name='case'):
    """The result of the first ``fn`` whose ``pred`` is True, else of ``default()``.

    Args:
        pred_fn_pairs: a list of (scalar bool, callable) pairs, or a dict of them.
        default: callable run when no predicate holds.
        exclusive: raise when more than one predicate holds.
    Raises:
        ValueError: no predicate holds and there is no default; exclusive with several true.
    """
    if traced():        # (a graph's case: tapeflow's own checks)
        return _traced_case(pred_fn_pairs, default, exclusive)
    preds, fns = checks.case_pairs(pred_fn_pairs)
    last = None
    if default is None:     # TF 2.21 makes the last pair the default, asserting that its predicate holds
        preds, fns, last, default = preds[:-1], fns[:-1], preds[-1], fns[-1]
    if len(preds) == 1:     # (the default is the outermost cond's false_fn, checked before anything runs)
        checks.callable_argument(default, 'false_fn', 'case')
    truth = [checks.eager_truth(p) for p in preds]
    if exclusive:
        checks.assert_at_most_one(preds, truth)
    for held, fn in zip(truth, fns):      # (TF's nested conds: the first that holds)
        if held:
            return fn()
    checks.callable_argument(default, 'false_fn', 'case')
    if last is not None:
        checks.assert_one_holds(truth + [checks.eager_truth(last)])
    return default()


def _traced_case(pred_fn_pairs, default, exclusive):
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError('case: pred_fn_pairs must be a list of (pred, fn) pairs, got %s'
                        % type(pred_fn_pairs).__name__)
    truth = []
    for i, pair in enumerate(pred_fn_pairs):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
            raise TypeError('case: pred_fn_pairs[%d] must be a (pred, fn) pair, got %r' % (i, pair))
        _callable(pair[1], 'case', 'the fn of pred_fn_pairs[%d]' % i)
        truth.append(_predicate(pair[0], 'case', 'the pred of pred_fn_pairs[%d]' % i))
    if default is not None:
        _callable(default, 'case', 'default')
    chosen = [i for i, t in enumerate(truth) if t]
    if exclusive and len(chosen) > 1:
        raise ValueError('case: exclusive=True but the predicates %s all hold' % chosen)
    if not chosen and default is None:
        raise InvalidArgumentError('case: none of the %d predicates holds and no default was given' % len(truth))
    fns = [pair[1] for pair in pred_fn_pairs] + ([default] if default is not None else [])
    return _run_branch(fns, chosen[0] if chosen else len(fns) - 1)


def _run_branch(fns, index):
    """``fns[index]()`` in a graph trace, where the other branches' variables get zero gradients
    (untaken_branch_reads.py: TF traces every branch of a case / switch_case)."""
    marked = untaken_branch_reads.marks()
    result = fns[index]()
    return untaken_branch_reads.connect(result, fns[:index] + fns[index + 1:], marked)


def switch_case(branch_index, branch_fns, default=None, name='switch_case'):
    """``branch_fns[branch_index]()``; an index out of range runs ``default``
    (or, without one, the last branch), as TensorFlow does.

    Args:
        branch_index: a scalar integer tensor (TensorFlow refuses a Python or numpy int).
        branch_fns: a list of callables, a dict {int: callable}, or (int, callable) pairs,
            with keys 0..n-1.
    """
    index = _branch_index(branch_index)     # TF checks the index's type before the branches
    fns = _branches(branch_fns)     # (a default is only called, as in TF, when the index is out of range)
    if not 0 <= index < len(fns):
        index = len(fns) - 1
        if default is not None:
            fns, index = fns + [default], len(fns)
    elif default is not None:
        fns = fns + [default]
    if traced():
        op = api_op('switch_case', name)
        result = _run_branch(fns, index)
        if op.graph is not None:    # TF traces every branch and compares what each returns with branches[0]
            from .. import cond_branch_structures      # (late: it reads concrete functions' graph outputs)
            refused = cond_branch_structures.switch_refusal(fns, index, result, op.scope)
            if refused is not None:
                raise refused
        return result
    return fns[index]()


def _branches(branch_fns):
    """The branches in key order, checked as TF 2.21's _indexed_case_verify_and_canonicalize_args checks them
    (its order, types and words; tapeflow's sentence in a note)."""
    def refuse(error, note):
        error.add_note('switch_case: ' + note)
        raise error
    shapes = 'branch_fns must be a non-empty list of callables, a dict or (int, callable) pairs, got %r' % (
        branch_fns,)
    if not branch_fns:
        refuse(ValueError("Must provide at least one item in 'branch_fns'"), shapes)
    if not isinstance(branch_fns, (list, tuple, dict)):
        refuse(TypeError("'branch_fns' must be a list, tuple, or dict"), shapes)
    pairs = list(branch_fns.items()) if isinstance(branch_fns, dict) else list(branch_fns)
    if all(callable(fn) for fn in pairs):
        pairs = list(enumerate(pairs))
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            refuse(TypeError("Each entry in 'branch_fns' must be a 2-tuple. Received %s." % (pair,)), shapes)
        key, fn = pair
        if not isinstance(key, int):
            refuse(TypeError('key must be a Python `int`, got %s' % (type(key),)), shapes)
        if not callable(fn):
            refuse(TypeError('fn for key %s must be callable.' % (key,)),
                   'branch_fns[%s] must be callable, got %r (of type %s)' % (key, fn, type(fn).__name__))
    keys = [key for key, _ in pairs]
    if min(keys) < 0 or max(keys) >= len(keys) or len(set(keys)) != len(keys):
        refuse(ValueError('branch indices (keys) must form contiguous range of [0 to %d) but found {%s}'
                          % (len(keys), ','.join(map(str, sorted(keys))))),
               'branch keys must be the integers 0..%d, got %s' % (len(keys) - 1, keys))
    return [fn for _, fn in sorted(pairs, key=lambda pair: pair[0])]


def _branch_index(value):
    """TF 2.21's checks: an integer scalar Tensor (not a Python or numpy int, nor a Variable)."""
    from ..variable import Variable
    if not isinstance(value, Tensor) or isinstance(value, Variable):
        kind = (type(value).__module__ + '.' if type(value).__module__ != 'builtins' else '') + type(value).__name__
        if isinstance(value, Variable):     # TF's class path of a tf.Variable
            kind = 'tensorflow.python.ops.resource_variable_ops.ResourceVariable'
        error = TypeError("'branch_index' must be a Tensor, got <class '%s'>" % kind)
        error.add_note('switch_case: pass the index as a tensor, e.g. tf.constant(%r)' % (value,))
        raise error
    if value._data.dtype.kind not in 'iu':
        error = TypeError("'branch_index' must be an integer Tensor, got %s" % (value.dtype,))
        error.add_note('switch_case: branch_index must be a scalar integer tensor, got dtype %s' % value.dtype.name)
        raise error
    if value.ndim != 0:
        raise kernel_error('Select', "'then' must be at least a vector, but saw shape: []", named=True,
                           note='switch_case: branch_index must be a scalar integer tensor, got shape %s'
                           % (tuple(value.shape),))
    return int(backend.to_host(value._data))


@tf_named('while_loop_v2')
def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None):
    """Repeat ``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)`` holds.

    Args:
        cond: callable returning a scalar bool.
        body: callable returning loop variables of the same structure and dtypes (a list of one for
            loop_vars [x]: eagerly TF 2.21 refuses a bare result; traced, it is packed); shapes may change,
            as in eager TensorFlow.
        loop_vars: a (nested) list or tuple of tensors, numbers or TensorArrays.
        maximum_iterations: stop after this many iterations even if cond holds.
    Returns:
        the loop variables after the last iteration, in their structure.
    Raises:
        ValueError: body returns another structure; TypeError: it changes a dtype.
    """
    if back_prop is False:      # (TF's deprecated_arg_values: logged once, eagerly too, naming the caller)
        deprecated_argument('while_loop_v2', 'tensorflow.python.ops.while_loop', 'back_prop=False',
                            _BACK_PROP_FALSE, eagerly=True)
    checks.callable_argument(cond, 'cond', 'while_loop')
    checks.callable_argument(body, 'body', 'while_loop')
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    eager = not traced()
    if eager:       # (TF's eager loop takes len(loop_vars); its graph loop takes one tensor too)
        checks.eager_loop_vars(loop_vars)
    single = isinstance(loop_vars, Tensor)
    if not single and not isinstance(loop_vars, (list, tuple)):
        from ..composite import CompositeTensor
        if isinstance(loop_vars, CompositeTensor):      # TF 2.21 takes its len() (an ExtensionType has none)
            error = TypeError("object of type '%s' has no len()" % type(loop_vars).__name__)
            error.add_note('while_loop: pass the loop variable in a list, as [x] (body returning [new_x])')
            raise error
        raise TypeError('while_loop: loop_vars must be a list or tuple of tensors (or one tensor), got %r '
                        '(of type %s)' % (loop_vars, type(loop_vars).__name__))
    limit = None if maximum_iterations is None else _iteration_limit(maximum_iterations)
    # (TF's eager loop hands Python numbers to cond and body as they are, converting only its results)
    initial = [loop_vars] if single else loop_vars
    current = initial if eager else _as_loop_values(initial)
    iteration = 0
    # in a traced function cond and body are graphs of their own, run once per iteration
    cond_graph, body_graph = subgraph('while_cond'), subgraph('while_body')
    op = api_op('while', name) if cond_graph is not None else None
    muted = None
    marked = untaken_branch_reads.marks() if op is not None and not eager else None
    first_turn_names = op.placeholders(current) if op is not None and not eager else _no_names

    def holds():
        nonlocal muted
        if iteration == 1 and muted is None and op is not None and op.graph is not None:
            from ..function import replaying    # (late: function imports this package)
            muted = replaying()     # TensorFlow traces cond and body once: later turns print nothing
            muted.__enter__()
        with inside(cond_graph), op or _NOTHING:
            return _predicate(cond(*current), 'while_loop', 'the result of cond')
    try:
        while (limit is None or iteration < limit) and holds():
            with inside(body_graph), op or _NOTHING:
                result = body(*current)
            first_turn_names()
            if not isinstance(result, (list, tuple)):
                if not single and not traced():
                    # TF 2.21's eager loop lists the body's result
                    _not_a_sequence(result, limit is not None, current)
                if len(current) == 1:
                    result = type(current)([result])
            if not isinstance(result, (list, tuple)):
                raise ValueError('while_loop: body must return a list or tuple like loop_vars %s, got %s'
                                 % (describe_structure(current), type(result).__name__))
            if eager:       # TF 2.21's eager loop checks the structure only, in nest's words
                checks.same_structure(initial, result, limit is not None)
            else:
                if iteration == 0 and structure_of(current) != structure_of(result):
                    while_body_structures.refusal(result, loop_vars, current)
                result = _as_loop_values(result)
                _check_same(current, result)
                if iteration == 0:      # (TF traces the body once: its outputs against what went in)
                    invariants = _invariant_shapes(shape_invariants, single, len(current))
                    if shape_invariants is None or invariants is not None:
                        checks.traced_shape_change(nest.flatten(current), nest.flatten(result), invariants)
            current = result
            iteration += 1
    finally:
        first_turn_names()
        if muted is not None:
            muted.__exit__(None, None, None)
    if eager:
        current = _as_loop_values(current)
    elif marked and iteration == 0:
        # a traced loop that runs no turn: what its body reads still gets zeros, as TF's while_v2 gives its
        # captures (the turns' reads get theirs from loop_reads.zeros_for_captures)
        current = untaken_branch_reads.connect(current, (body,), marked)
    if op is not None:
        op.outputs(current, loop=True, shapes=_invariant_shapes(shape_invariants, single, len(current)))
    if not back_prop and not eager:     # TF's while_v2 stops its outputs' gradients (its eager loop does not)
        current = nest.map_structure(lambda t: stop_gradient(t) if isinstance(t, Tensor) else t, current)
    if single:
        return current[0]
    if traced():        # TF's while_v2 packs its outputs as loop_vars: [i, x] in, a list out, whatever body returned
        return nest.pack_sequence_as(loop_vars, nest.flatten(current))
    return current


def _invariant_shapes(shape_invariants, single, count):
    """The traced shapes of a loop's ``count`` flat outputs from its shape_invariants (one TensorShape or
    list per loop variable; ``single``: loop_vars was one tensor, and so is this one shape), or None where
    there are none, they are nested, or a rank is unknown (the outputs keep their own shapes)."""
    if shape_invariants is None:
        return None
    items = [shape_invariants] if single else shape_invariants
    if type(items) not in (list, tuple) or len(items) != count:
        return None
    shapes = [item if isinstance(item, TensorShape) else TensorShape(item) for item in items]
    if any(shape.rank is None for shape in shapes):
        return None
    return [tuple(shape.as_list()) for shape in shapes]


def _not_a_sequence(result, limited, loop_vars):
    """TF 2.21's error for an eager body that returns its one loop variable bare: while_loop_v2 keeps
    the structure of loop_vars ([x] in, [x] back) and iterates what the body returned (with
    maximum_iterations it compares (counter, result) with (counter, loop_vars): a structure error,
    in nest's words, the structures as TF draws them: type specs of what went in, what came back)."""
    if limited or (isinstance(result, Tensor) and result.ndim) or (
            not isinstance(result, Tensor) and hasattr(result, '__iter__')):
        error = _structure_error(result, limited, loop_vars)
    elif isinstance(result, Tensor):
        error = TypeError('Cannot iterate over a scalar tensor.')
    else:
        error = TypeError("'%s' object is not iterable" % type(result).__name__)
    if len(loop_vars) == 1:
        error.add_note('while_loop: loop_vars is a list of one variable, so body must return a list (or tuple) '
                       'of one too, e.g. lambda i: [i + 1]; or pass the variable alone as loop_vars')
    else:
        error.add_note('while_loop: body must return a list or tuple like loop_vars %s, got %s'
                       % (describe_structure(loop_vars), type(result).__name__))
    raise error


def _structure_error(result, limited, loop_vars):
    from ..nest_compare import assert_same_structure
    from ..type_spec import type_spec_from_value
    specs = nest.map_structure(type_spec_from_value, list(loop_vars))
    # the counter starts as the Python int 0 (an int32 spec) and the first iteration makes it 1
    first, second = ([type_spec_from_value(0), specs], [1, result]) if limited else (specs, list(result))
    try:
        assert_same_structure(first, second)
    except ValueError as error:
        return error
    return ValueError("The two structures don't have the same nested structure.")


def _iteration_limit(value):
    """TF's eager reading of maximum_iterations: any scalar, converted to a tensor and read with int()
    (tf.constant(4), an int64 or a Variable; 2.7 and tf.constant(2.7) run 2 iterations, True 1)."""
    t = convert_to_tensor(value)
    if t.ndim != 0:
        raise ValueError("'maximum_iterations' must be a scalar. Received shape: %s" % (tuple(t.shape),))
    return int(backend.to_host(t._data))


def _as_loop_values(values):
    """Leaves as tensors (TensorArrays and other objects with a dtype stay as they are)."""
    def convert(x):
        if isinstance(x, Tensor) or hasattr(x, 'dtype') and not isinstance(x, (np.ndarray, np.generic)):
            return x
        from ..composite import CompositeTensor
        if isinstance(x, CompositeTensor):      # an ExtensionType value (guide/extension_type's MaskedTensor)
            return x
        try:
            return _named_constant(convert_to_tensor(x))
        except (TypeError, ValueError) as err:
            raise type(err)('while_loop: a loop variable cannot be a tensor: %s' % err) from None
    converted = nest.map_structure(convert, list(values))
    return type(values)(converted) if type(values) in (list, tuple) else converted


def _no_names():
    pass


def _named_constant(tensor):
    """A Python value a traced loop converts is a Const op of the trace's graph ('Const:0', outside the loop's
    scope), as TF 2.21's while_loop converts it: its errors name it so ('Loop var Const:0 enters the loop ...')."""
    from .. import name_scopes, trace_names
    trace = trace_names.current() if trace_names.ACTIVE else None
    graph = getattr(trace, 'graph', None)
    if graph is not None:
        trace.rename_traced(tensor, graph.unique(name_scopes.current() + 'Const'))
    return tensor


def structure_of(x):
    """The structure with leaves blanked; lists and tuples count as the same container."""
    if isinstance(x, (list, tuple)):
        return tuple(structure_of(v) for v in x)
    if isinstance(x, dict):
        return tuple((k, structure_of(x[k])) for k in sorted(x, key=repr))
    return None


def describe_structure(values):
    """The structure with each leaf as text such as 'float32[2, 3]' (for error messages)."""
    return nest.map_structure(_leaf_text, values)


def _leaf_text(x):
    if isinstance(x, np.dtype):
        return x.name
    shape = getattr(x, 'shape', None)
    return '%s%s' % (getattr(getattr(x, 'dtype', None), 'name', type(x).__name__),
                     '' if shape is None else list(shape))


def _check_same(before, after):
    """A graph loop's checks of the body's result (TF's eager loop checks the structure only)."""
    if structure_of(before) != structure_of(after):
        raise ValueError('while_loop: body must return the structure of loop_vars %s, got %s'
                         % (describe_structure(before), describe_structure(after)))
    for i, (a, b) in enumerate(zip(nest.flatten(before), nest.flatten(after))):
        if getattr(a, 'dtype', None) != getattr(b, 'dtype', None):
            checks.traced_dtype_change(a, b)
            raise TypeError('while_loop: loop variable %d changed dtype from %s to %s in body; '
                            'cast it back with framework.cast' % (i, a.dtype.name, b.dtype.name))
