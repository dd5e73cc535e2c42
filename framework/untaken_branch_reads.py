"""Zero gradients for the variables (and watched tensors) a traced tf.cond's untaken branch reads, as TF's If op gives them.

In a tf.function TensorFlow traces both of a cond's branches, so a variable that only the branch not
taken reads is still one of the If op's inputs: ``tape.gradient(y, [v1, v2])`` after ``y = tf.cond(x >
0, lambda: x * v1, lambda: x * v2)`` gives v2 zeros, not None, the tape lists v2 among its watched
variables, and an optimizer's slots for v2 keep moving (Adam's momentum) where a None gradient would
skip it with a warning. Eagerly only the taken branch runs and TF gives None, as tapeflow does.

tapeflow runs only the taken branch (the other's effects must not happen), so the untaken branch's
variables are found by reading its code: the names it loads from its closure and globals, followed
through attributes (``self.v2``, ``self.dense``), that are Variables or hold trainable variables (a
layer or module it calls), and the plain functions it calls, a level or two deep. A node on the tape
then passes the cond's output gradient through unchanged and gives each such variable zeros, and so
what the taken branch read from outside it: TF's If gradient gives zeros to every input its taken
branch's gradient does not reach (a cond output the target does not use); where it does reach one,
adding an exact zero changes nothing. (concrete_function_variables.py reads a function's code for
``cf.variables`` in its own way: every variable named, non-trainable ones too, in naming order.)
"""
import dis
import functools
import os
import types
from _thread import get_ident

from .array_sweep import pass_gradient
from .code_source import function_names

_LOADS = frozenset(('LOAD_GLOBAL', 'LOAD_DEREF', 'LOAD_NAME', 'LOAD_CLASSDEREF'))
_ATTRIBUTES = frozenset(('LOAD_ATTR', 'LOAD_METHOD'))
_DEPTH = 2          # how deep plain functions called by the branch are read


def marks():
    """Where each of this thread's tapes stands before the taken branch runs (for ``connect``)."""
    from .tape import ACTIVE
    me = get_ident()
    return [(tape, len(tape._nodes)) for tape in ACTIVE if tape._thread == me]


def connect(result, untaken_fns, marked, reads=()):
    """``result`` (the taken branch's) with each floating tensor passed through a node that also gives
    the variables and watched tensors only ``untaken_fns`` read zero gradients (and ``reads``, those an
    ``if`` statement's untaken branch reads: untaken_if_reads.py); ``result`` itself where there are
    none. ``marked``: ``marks()`` taken before the taken branch ran."""
    if not marked:
        return result
    from .tensor import Tensor
    from .tape import record
    from .variable import Variable
    # What the taken branch's ops read from outside it (a variable through its snapshot): TF's If gradient
    # gives these zeros too where the taken branch's gradient does not reach them
    taken = set()
    captures = []
    for tape, start in marked:
        made = set()
        for node in tape._nodes[start:]:
            if node is None:
                continue
            for x in node[1]:
                if id(x) not in made and id(x) not in taken and id(x) in tape._tracked:
                    taken.add(id(x))
                    taken.add(id(getattr(x, '_variable', None)))
                    captures.append(x)
            made.add(id(node[0]))
    untaken = []
    for v in list(reads) + [v for fn in untaken_fns for v in _variables(fn, (Variable, Tensor))]:
        if id(v) in taken or v._data.dtype.kind not in 'fc':
            continue
        # (a tensor counts where a tape watches it: an argument watched, or an op's output on the tape)
        if type(v) is Variable or any(id(v) in tape._tracked for tape, _ in marked):
            taken.add(id(v))
            untaken.append(v)
    untaken = captures + untaken
    if not untaken:
        return result
    from . import nest
    flat = nest.flatten(result)
    if not any(type(t) is Tensor and t._data.dtype.kind in 'fc' for t in flat):
        return result
    zero_rules = tuple(_zeros_for(k) for k in range(len(untaken)))
    passed = []
    for t in flat:
        if type(t) is Tensor and t._data.dtype.kind in 'fc':
            out = Tensor(t._data)
            record('Identity', (t,) + tuple(untaken), out, (pass_gradient,) + zero_rules)
            passed.append(out)
        else:
            passed.append(t)
    return nest.pack_sequence_as(result, passed)


def _zeros_for(k):
    """The rule giving the k-th variable input zeros of its shape and dtype."""
    def zeros(g, output, *inputs):
        from .tensor import Tensor
        return Tensor(_zeros_array(inputs[1 + k]._data))

    def zeros_array(g, output, *inputs):
        return _zeros_array(inputs[1 + k])
    zeros.array_rule = zeros_array
    return zeros


def _zeros_array(a):
    from .backend import array_module
    return array_module(a).zeros(a.shape, a.dtype)


def _variables(fn, variable_type, depth=0):
    """The variables and tensors (of the types ``variable_type``) ``fn``'s code reaches by name (see the
    module); an object called as the branch (a layer) gives its trainable variables."""
    code = getattr(fn, '__code__', None)
    if code is None:
        return _held(fn, variable_type)
    return _scan(code, function_names(fn), variable_type, depth)


def _scan(code, names, variable_type, depth):
    """What the name chains of ``code`` (``self.dense``, ``v2``) reach: each chain's last value that is
    plain data (``self.dense``, not all of ``self``'s variables), followed into a plain function's code."""
    found = []
    current = _MISSING
    for loads, name in _name_loads(code) + ((True, None),):
        if not loads and name is not None and current is not _MISSING:
            following = _own_attribute(current, name)
            if following is not _MISSING:
                current = following
                continue
        if current is not _MISSING:         # the chain ends here
            found.extend(_reached(current, variable_type, depth))
        current = names.get(name, _MISSING) if loads else _MISSING
    for constant in code.co_consts:     # a lambda or def inside the branch (a nested tf.cond's branches)
        if isinstance(constant, types.CodeType):
            found.extend(_scan(constant, names, variable_type, depth))
    return found


def _reached(value, variable_type, depth):
    if type(value) in variable_type:
        return [value]
    if isinstance(value, types.FunctionType):
        if depth < _DEPTH and not value.__code__.co_filename.startswith(_LIBRARY):
            return _variables(value, variable_type, depth + 1)
        return []
    return _held(value, variable_type)


# tapeflow's own functions (tf.matmul, a layer's call) read no user variable by name
_LIBRARY = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), package) + os.sep
                 for package in ('framework', 'layers', 'optim'))


@functools.lru_cache(maxsize=512)
def _name_loads(code):
    """``code``'s name loads and attribute reads in order, as (True, name) for a load, (False, name) for
    an attribute of the value before, and (False, None) for anything else (which ends a chain)."""
    steps = []
    for instruction in dis.get_instructions(code):
        if instruction.opname in _LOADS:
            steps.append((True, instruction.argval))
        elif instruction.opname in _ATTRIBUTES:
            steps.append((False, instruction.argval))
        elif not steps or steps[-1] != (False, None):
            steps.append((False, None))
    return tuple(steps)


def _held(obj, variable_type):
    """A layer's or module's trainable variables (what calling it reads), else nothing."""
    if isinstance(getattr(type(obj), 'trainable_variables', None), property):
        try:
            return [v for v in obj.trainable_variables if type(v) in variable_type]
        except Exception:       # (an unbuilt layer, a property that needs more state)
            return []
    return []


def _own_attribute(obj, name):
    """``obj.name`` when it is plain instance data (no property or descriptor runs), else missing."""
    try:
        return vars(obj).get(name, _MISSING)
    except TypeError:       # (no __dict__: a module object's attributes are its dict too)
        return _MISSING


_MISSING = object()
