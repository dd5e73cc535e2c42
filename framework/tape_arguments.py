"""Checking and normalising what users hand to ``GradientTape.gradient``.

Kept apart from the tape itself so that the recording and sweeping code in
tape.py reads on its own.
"""
import enum

import numpy as np
from numpy import generic, ndarray  # (not np.ndarray on hot paths: see backend.py)

from . import nest
from .backend import array_module
from .errors import kernel_error, shown_as
from .tensor import Tensor

_array = np.array      # (module attributes of numpy are not cached by CPython 3.11: see backend.py)


def unconnected_mode(value):
    # (an Enum member's .value is a Python-level descriptor; its _value_ is a plain attribute)
    mode = value._value_ if isinstance(value, enum.Enum) else getattr(value, 'value', value)
    if mode not in ('none', 'zero'):
        error = ValueError('Unknown value for unconnected_gradients: %r' % (value,))     # TensorFlow's words
        error.add_note("unconnected_gradients must be 'none' or 'zero' (or UnconnectedGradients.NONE/ZERO)")
        raise error
    return mode


class NotATensorError(TypeError, AttributeError):
    """A target or source that is no Tensor. TensorFlow 2.21 fails on a missing attribute of it
    ("'float' object has no attribute '_id'", an AttributeError, Python's own words, which name
    'numpy.ndarray' in full); ``text``, a note, says what to pass. It is also the TypeError tapeflow
    raised before, and prints as TF's class (``type(e).__name__``), as ConversionError does."""

    def __init__(self, value, attribute, text):
        try:
            getattr(value, attribute)
            words = "'%s' object has no attribute '%s'" % (type(value).__name__, attribute)
        except AttributeError as missing:
            words = str(missing)
        super().__init__(words)
        self.add_note(text)


# the traceback's last line too: 'AttributeError: 'numpy.float32' object has no attribute '_id''
shown_as(NotATensorError, AttributeError)


def _not_a_tensor(value, attribute, text):
    """TF's error for a non-tensor target or source: a value that is no DataType (a string, 2.5)
    fails its dtype conversion first (``attribute`` None)."""
    if isinstance(value, str) or attribute is None:
        error = TypeError('Cannot convert the argument `type_value`: %r to a TensorFlow DType.' % (value,))
        error.add_note(text)
        return error
    return NotATensorError(value, attribute, text)


# TF's DataType enum values, plain (1-30) and reference (101-130), and the trainable ones among them
_TYPE_ENUMS = frozenset(range(1, 31)) | frozenset(range(101, 131))
_TRAINABLE_ENUMS = frozenset({1, 2, 8, 14, 18, 19, 20, 21})   # float32/64, complex64, bfloat16, complex128, float16, ...


def _missing_attribute(value):
    """The attribute TF 2.21's gradient() fails on for a non-tensor target or source, or None where it
    fails before (as_dtype's TypeError). Its IsTrainable check reads a number as a DataType enum (2.0
    is float64's): a trainable one passes and the tape then asks the value for its ``_id``; for
    another, a debug log line reads ``t.dtype``. A numpy value passes on its own dtype: ``_id``."""
    if hasattr(value, 'dtype'):
        return '_id'
    if isinstance(value, (int, float)) and value in _TYPE_ENUMS:
        return '_id' if value % 100 in _TRAINABLE_ENUMS else 'dtype'
    return None


def check_sources(flat_sources, op='GradientTape.gradient'):
    """Raise for a source that is no tensor; True where a RaggedTensor is among them (the tape then
    differentiates its flat values, framework/composite_gradient.py)."""
    # Integer sources are allowed: as in TensorFlow, their gradient is None
    # (and the tape's NoneGradientWarning says why).
    for s in flat_sources:
        if not isinstance(s, Tensor):
            if op == 'GradientTape.gradient' and _is_ragged(s):
                return True
            note = '%s: every source must be a Tensor or Variable, got %r of type %s' % (op, s, type(s).__name__)
            if s is None:       # TensorFlow asks None for its dtype first
                error = TypeError('Cannot convert the argument `type_value`: None to a TensorFlow DType.')
                error.add_note(note)
                raise error
            raise _not_a_tensor(s, _missing_attribute(s), note)


def _is_ragged(value):
    """Whether ``value`` is a RaggedTensor; TensorFlow's ValueError for another composite (a SparseTensor)."""
    from .composite import CompositeTensor
    from .ragged.ragged_tensor import RaggedTensor
    if isinstance(value, CompositeTensor) and not isinstance(value, RaggedTensor) and \
            not hasattr(type(value), '__tf_flatten__'):
        raise ValueError('Type %s is not supported as a gradient source or gradient target.' % type(value).__name__)
    return isinstance(value, RaggedTensor)


# The targets of gradient(None, x), told apart from a structure holding None ([None]: TF's DType error)
NONE_TARGET = (None,)


def check_targets(targets):
    """Raise for a target that is no tensor; True where a RaggedTensor is among them. An empty structure
    ([], {}, [[]]) passes: TF 2.21 answers it as a target no source reaches (None each, zeros under 'zero')."""
    if targets is NONE_TARGET:      # gradient(None, x): TF's TypeError and words
        raise TypeError('Argument `target` should be a list or nested structure of Tensors, Variables or '
                        'CompositeTensors to be differentiated, but received None.')
    for t in targets:
        if not isinstance(t, Tensor):
            if _is_ragged(t):
                return True
            raise _not_a_tensor(t, _missing_attribute(t),
                                'GradientTape.gradient: the target must be a Tensor (or a structure of tensors) '
                                'computed under the tape, got %r of type %s' % (t, type(t).__name__))


def seeds(targets, output_gradients, mul_shapes=None):
    """The gradient each target starts the sweep with: ones, or the user's. ``mul_shapes(target,
    seed_shape)``: the operand shapes of the Mul in which TensorFlow's first rule meets a seed that
    does not broadcast, in its order (None: Mul(seed, target))."""
    if output_gradients is None:
        return [_ones_like(t._data) for t in targets]
    from . import ops
    given = nest.flatten(output_gradients)
    if any(g is None for g in given):
        # TensorFlow converts each to a tensor first (its composite-tensor pass), None included
        error = ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                           "Tensor.")
        error.add_note('GradientTape.gradient: output_gradients holds None; pass tf.ones_like(target) for a target '
                       'that should start from ones')
        raise error
    # TensorFlow 2.21 pairs them in order: extra ones are left unused, and targets past the last one
    # given start from ones, as with None
    given = given[:len(targets)] + [None] * (len(targets) - len(given))
    out = []
    for t, s in zip(targets, given):
        if s is None:
            out.append(ops.ones_like(t))
            continue
        s = s if isinstance(s, Tensor) else _seed_tensor(s)
        if s.dtype != t.dtype:
            raise _seed_dtype_error(s, t)
        if tuple(s.shape) != tuple(t.shape):
            # TensorFlow multiplies the seed into the first rule, so a seed that broadcasts
            # to the target (a scalar, say) scales every element. One that does not fails in that
            # rule: Mul(seed, other input) for x * x, exp, log, softmax, a division (TF 2.21 prints
            # 'Incompatible shapes: [3] vs. [2]' for a seed of 3 and a target of 2); other rules
            # fail in their own kernels (ReluGrad, TanhGrad, MatMul, Reshape), which are not told apart here.
            if not _broadcasts_to(tuple(s.shape), tuple(t.shape)):
                shapes = mul_shapes(t, tuple(s.shape)) if mul_shapes is not None else None
                left, right = shapes if shapes is not None else (s.shape, t.shape)
                raise kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]'
                                   % (','.join(map(str, left)), ','.join(map(str, right))), named=True,
                                   note='GradientTape.gradient: output_gradients of shape %s for a target of shape '
                                        '%s' % (tuple(s.shape), tuple(t.shape)))
            s = ops.broadcast_to(s, tuple(t.shape))
        out.append(s)
    return out


def _seed_tensor(value):
    """TF converts a seed with no dtype asked: a Python float is float32, a Python int int32, a NumPy
    array keeps its own dtype (np.ones(2) is float64); one that differs from the target's is refused."""
    from . import ops
    return ops.convert_to_tensor(value)


def _seed_dtype_error(seed, target):
    """TF multiplies the seed into the first backward rule (Mul(seed, other input)), whose kernel refuses
    a seed of another dtype than the target's; tapeflow used to cast it silently."""
    from .ops.graph_input_errors import eager_input_error
    error = eager_input_error('Mul', 1, seed.dtype, target.dtype)
    error.add_note('GradientTape.gradient: output_gradients of dtype %s for a target of dtype %s; cast the '
                   'seed to the target\'s dtype' % (seed.dtype.name, target.dtype.name))
    return error


def _broadcasts_to(shape, target_shape):
    try:
        return np.broadcast_shapes(shape, target_shape) == target_shape
    except ValueError:
        return False


def _ones_like(data):
    if isinstance(data, generic) or (type(data) is ndarray and not data.ndim):
        return Tensor(_array(1, data.dtype))        # a scalar target: np.ones is a Python function
    return Tensor(array_module(data).ones(data.shape, data.dtype))


def result(g, source, unconnected, asked=True):
    """The gradient handed back for one source, in the source's dtype. ``asked``: False where
    tapeflow fills zeros for itself (a jacobian's rows), not for a user's unconnected_gradients='zero'."""
    if g is None:
        if unconnected != 'zero':
            return None
        if asked and getattr(source, '_path', None) is not None:
            raise keras_variable_zeros_error(source)
        zeros = array_module(source._data).zeros(source._data.shape, source._data.dtype)
        if zeros.dtype == object:       # a watched string tensor: TF's zeros_like holds b'', not the int 0
            zeros[...] = b''
        return Tensor(zeros)
    if g._data.dtype != source._data.dtype:
        from .ops import cast
        g = cast(g, source.dtype)
    return g


def keras_variable_zeros_error(source):
    """TF 2.21's failure for unconnected_gradients='zero' and a Keras 3 variable the target does not
    reach (a layer the loss never used): its zeros fill reads the source's dtype, which a Keras
    variable holds as a string ('float32'), so it fails in Python's words."""
    error = AttributeError("'str' object has no attribute '_type_enum'")
    error.add_note("GradientTape: unconnected_gradients='zero' for the Keras variable '%s', which the target does not "
                   "depend on, fails in TensorFlow 2.21; use the default ('none') and replace each None with "
                   "tf.zeros_like(variable)" % source._path)
    return error
