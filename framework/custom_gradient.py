"""``@custom_gradient``: a function that supplies its own gradient rule.

The decorated ``f(*x)`` returns ``(y, grad_fn)``; y may be a structure of tensors,
and grad_fn then takes one upstream gradient per tensor. Its outputs are new tensors
whose only recorded op is the rule the user wrote. The body itself runs recorded by
the user's tapes, as in TF's eager decorator: a grad_fn that uses a tensor the body
made (log1pexp's ``e = tf.exp(x)``) stays connected to x, so a second derivative
flows through it (TF 0.23500372 at 0.5; None when the body ran unrecorded).
tapeflow's own blocks that must not keep their intermediates (recompute_grad) use
``unrecorded_custom_gradient``. A private tape notes which variables the body
reads, and those get gradients through ``grad_fn(*upstream, variables=[...])``.
"""
import contextlib
import functools
import inspect

import numpy as np

from . import nest
from .backend import array_module
from .tape import ACTIVE, GradientTape, paused, record
from .tensor import Tensor, convert_to_tensor


def custom_gradient(f=None):
    """Decorate ``f`` whose result is ``(output, grad_fn)``.

    ``grad_fn(dy)`` returns the gradient for each tensor argument (a single
    tensor when there is one). When ``f`` reads variables, ``grad_fn`` must
    accept ``variables=None`` and return ``(input_grads, variable_grads)``.
    """
    if f is None:
        return custom_gradient
    return Bind(f)


class Bind:
    """What ``@tf.custom_gradient`` makes in TF 2.21: no function but an object of its class
    ``tensorflow.python.ops.custom_gradient.Bind``, so ``print(my_softplus)`` shows that class path
    (Hands-On ML ch. 12 prints it), carrying ``f``'s name, doc and signature. Read from an instance it
    binds ``self`` into ``f`` first, as TF's ``__get__`` does: a method's ``self`` is no input of the op
    (the plain function made it one, and failed converting it to a tensor)."""

    def __init__(self, f, body_context=contextlib.nullcontext):
        self._f, self._body_context = f, body_context
        self._call = _decorated(f, body_context)
        functools.update_wrapper(self, f)       # __name__, __qualname__, __doc__, __module__, __wrapped__

    def __call__(self, *args, **kwargs):
        return self._call(*args, **kwargs)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return Bind(self._f.__get__(instance, owner), self._body_context)

    def __repr__(self):
        return '<tensorflow.python.ops.custom_gradient.Bind object at %#x>' % id(self)


def unrecorded_custom_gradient(f):
    """``custom_gradient`` whose body the user's tapes do not record (its intermediates are freed)."""
    return _decorated(f, paused)


def _tf_variable_repr(variable):
    """A variable as TF 2.21's error lists it: a Keras variable as its backing tf.Variable ('dense/kernel:0')."""
    from .keras_operands import as_tf_variable_text
    return as_tf_variable_text(variable)


def _in_tf_order(variables):
    """The variables as TF 2.21 hands them to grad_fn. In a tf.function its graph decorator sorts them by
    name (``sorted(..., key=lambda v: v.name)``: a grad_fn answering [kernel, bias] there gives the bias
    the kernel's gradient, as TF does); eagerly it keeps a set's order, tapeflow the order of creation.
    A Keras variable sorts by its backing tf.Variable's name ('dense/kernel:0'); equal names keep their order."""
    if len(variables) < 2:
        return variables
    from .eager_graph_names import inside_function, lifted
    if not inside_function() or lifted():
        return variables
    return sorted(variables, key=lambda v: v.name if v._path is None else v._path + ':0')


def _decorated(f, body_context):
    @functools.wraps(f)
    def wrapped(*args, **kwargs):
        # As TF's eager decorator: f gets the arguments as given; the op's inputs are the flattened
        # arguments (a list argument is one input per element); tensors among the keyword arguments
        # are inputs too (no variables to answer for) but get no gradient.
        inputs = [a if isinstance(a, Tensor) else convert_to_tensor(a) for a in nest.flatten(list(args))]
        given = inputs + [t for t in nest.flatten(kwargs) if isinstance(t, Tensor)]
        with body_context(), GradientTape() as probe:
            probe._watch([x for x in inputs if x._data.dtype.kind in 'fc'])
            returned = f(*args, **kwargs)
        result, grad_fn = _unpacked(returned, f.__name__)
        watched = _in_tf_order(probe.watched_variables())
        variables = [v for v in watched if not any(v is x for x in given)]
        # A Keras variable passed as an argument is read through its backing tf.Variable, which
        # TF 2.21 does not find among the inputs: it counts as a variable the function uses.
        used = [v for v in watched if v._path is not None or not any(v is x for x in given)]
        if used and not _takes_variables(grad_fn):
            # TF 2.21's words (its list is the variables' reprs, a Keras variable's backing tf.Variable's);
            # tapeflow's as a note
            error = TypeError("@tf.custom_gradient grad_fn must accept keyword argument 'variables', since "
                              'function uses variables: %s' % '[%s]' % ', '.join(map(_tf_variable_repr, used)))
            error.add_note('custom_gradient: %s reads the variables %s, so its grad_fn must accept a '
                           "'variables' keyword argument and return (input_grads, variable_grads)"
                           % (f.__name__, [v.name for v in used]))
            raise error
        outputs = [o if isinstance(o, Tensor) else _converted(o) for o in nest.flatten(result)]
        if not outputs or not all(isinstance(o, Tensor) for o in outputs):
            raise TypeError('custom_gradient: %s must return (output, grad_fn) where output is a tensor or '
                            'a structure of tensors; got %r' % (f.__name__, result))
        shapes = None if len(outputs) == 1 else [tuple(o.shape) for o in outputs]
        out = Tensor(outputs[0]._data) if shapes is None else _joined(outputs, f.__name__)
        if ACTIVE:
            record('custom_gradient:' + f.__name__, tuple(inputs) + tuple(variables), out,
                   _JointVJP(grad_fn, len(inputs), variables, f.__name__, shapes).parts())
        return nest.pack_sequence_as(result, [out] if shapes is None else _split(out, shapes))

    return wrapped


def _converted(value):
    """An output that is no tensor (a Python number), as TF's identity on it makes one; else the value."""
    try:
        return convert_to_tensor(value)
    except (TypeError, ValueError):
        return value


def _unpacked(returned, name):
    """(output, grad_fn) from what f returned, refused as TensorFlow's ``result, grad_fn = f(...)``
    refuses it: Python's unpacking errors ('Cannot iterate over a scalar tensor.' for one tensor), and
    'unsupported callable' for a grad_fn that is no function; tapeflow's advice in a note."""
    note = ('custom_gradient: %s must return (output, grad_fn), a tensor and the function giving its gradient; '
            'got %s' % (name, type(returned).__name__))
    try:
        result, grad_fn = returned
    except (TypeError, ValueError) as err:
        err.add_note(note)
        raise
    if not callable(grad_fn):
        error = TypeError('unsupported callable')
        error.add_note(note)
        raise error
    return result, grad_fn


# Several outputs: the tape's nodes have one output each, so the outputs travel as one
# flat tensor (recorded as the custom op's output) and come back out of it by slicing
# (recorded ops). The sweep then gathers every output's upstream gradient into the flat
# tensor's, and grad_fn gets them split again, zeros for an output that had none (as TF).
def _joined(outputs, name):
    dtypes = sorted({o.dtype.name for o in outputs})
    if len(dtypes) > 1:
        raise TypeError('custom_gradient: %s returns outputs of dtypes %s; tapeflow needs one dtype across a '
                        "custom_gradient's outputs (cast them, or split the function)" % (name, dtypes))
    xp = array_module(outputs[0]._data)
    return Tensor(xp.concatenate([o._data.reshape(-1) for o in outputs]))


def _split(flat, shapes):
    from .ops import reshape
    pieces, start = [], 0
    for shape in shapes:
        size = int(np.prod(shape, dtype=np.int64))
        pieces.append(reshape(flat[start:start + size], shape))
        start += size
    return pieces


class _JointVJP:
    """grad_fn answers for all inputs at once; each input's vjp reads its part.

    The answer is cached per upstream gradient object, so one sweep calls
    grad_fn once however many inputs need it.
    """

    def __init__(self, grad_fn, n_inputs, variables, name, output_shapes=None):
        self.grad_fn, self.n, self.variables, self.name = grad_fn, n_inputs, variables, name
        self.output_shapes = output_shapes      # None: one output; else the shapes of the joined outputs
        self._g = None
        self._grads = None

    def parts(self):
        return tuple(self._part(i) for i in range(self.n + len(self.variables)))

    def _part(self, i):
        part = lambda g, y, *inputs: self._all(g)[i]       # noqa: E731
        part.unreduced = True       # TensorFlow passes a grad_fn's gradient on in the shape it has
        return part

    def _all(self, g):
        if g is not self._g:
            upstream = [g] if self.output_shapes is None else _split(g, self.output_shapes)
            if self.variables:
                input_grads, var_grads = self.grad_fn(*upstream, variables=self.variables)
            else:
                input_grads, var_grads = self.grad_fn(*upstream), []
            input_grads = nest.flatten(input_grads)      # as TF: one per flattened argument, however nested
            # TensorFlow's checks and words (custom_gradient.py), variables first; tapeflow's count as a note
            counts = ('custom_gradient: the grad_fn of %s returned %d input gradients and %d variable gradients; '
                      'expected %d and %d' % (self.name, len(input_grads), len(var_grads), self.n, len(self.variables)))
            if len(var_grads) != len(self.variables):
                error = ValueError('Must return gradient for each variable from @custom_gradient grad_fn.')
                error.add_note(counts)
                raise error
            if len(input_grads) != self.n:
                error = ValueError('custom_gradient function expected to return %d gradients, but returned %d '
                                   'instead.' % (self.n, len(input_grads)))
                error.add_note(counts)
                raise error
            self._grads = [None if x is None else (x if isinstance(x, Tensor) else convert_to_tensor(x))
                           for x in list(input_grads) + list(var_grads)]
            self._g = g
        return self._grads


def grad_pass_through(f):
    """``f`` forward, identity backward: the gradient of each output goes to the inputs as it is
    (a straight-through estimator, e.g. around ``tf.round``); variables ``f`` reads get none."""
    @custom_gradient
    def passed_through(*args, **kwargs):
        def grad(*upstream, variables=None):
            if variables is not None:
                return upstream, [None] * len(variables)
            return upstream
        return f(*args, **kwargs), grad

    return functools.wraps(f)(passed_through)     # a Bind named as f, as TF 2.21's


def _takes_variables(grad_fn):
    """Whether ``grad_fn`` accepts ``variables=`` (by name or through **kwargs, as TF's check allows)."""
    parameters = inspect.signature(grad_fn).parameters.values()
    return any(p.name == 'variables' or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
