"""Variable: a mutable tensor that tapes watch automatically when read."""
import itertools
import sys
import weakref

import numpy as np

from . import backend, dtypes, later_trace_variables, name_scopes, trace_names, variable_arguments, \
    variable_creators
from .errors import InvalidArgumentError, kernel_error
from .tensor import DISPLAY_NAME, ConversionError, Tensor, _to_array, numpy_text
from .tensor_shape import TensorShape
from .variable_enums import DefaultAggregation, VariableAggregation, VariableSynchronization

_unnamed = itertools.count()


# How many times a variable's trainable flag was set: layers cache their
# weight lists against it (layers/weights.py), as a key that any change moves.
TRAINABLE_FLAG_CHANGES = [0]

# How many Variables were made: tf.function's first call reads it (see function_init.py).
CREATED = [0]

# Keras's symbolic build runs open now (function_init.initializing(symbolic=True)): there TensorFlow
# fails to make a tf.Variable from a tensor the run made (tf.Variable(tf.random.normal(...)) in a
# sublayer's build), which each such run is told (``abort``).
SYMBOLIC_RUNS = []


def _from_user_code():
    """Whether the Variable being made was asked for by code outside tapeflow (not add_weight's)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get('__name__') == __name__:
        frame = frame.f_back
    module = frame.f_globals.get('__name__', '') if frame is not None else ''
    return module.partition('.')[0] not in trace_names._TAPEFLOW_PACKAGES

_IN_PLACE_HINTS = {
    '`variable += value`': 'Use `variable.assign_add(value)` to modify the variable, or `out = variable + value` if '
                           'you need to get a new output Tensor.',
    '`variable -= value`': 'Use `variable.assign_sub(value)` to modify the variable, or `out = variable * value` if '
                           'you need to get a new output Tensor.',      # (TensorFlow's text says '*')
    '`var *= value`': 'Use `var.assign(var * value)` to modify the variable, or `out = var * value` if you need to '
                      'get a new output Tensor.',
    '`var /= value`': 'Use `var.assign(var / value)` to modify the variable, or `out = var / value` if you need to '
                      'get a new output Tensor.',
    '`var **= value`': 'Use `var.assign(var ** value)` to modify the variable, or `out = var ** value` if you need '
                       'to get a new output Tensor.'}


# The open keras.StatelessScope objects, innermost last (framework/keras/stateless_scope.py):
# while one is open, a variable's first in-place write moves it to a copy the scope restores.
STATELESS_SCOPES = []


class _Snapshot(Tensor):
    """The Tensor a tape keeps for a variable's value: it shares the variable's
    buffer and names the variable, so debugging output can say which variable a
    recorded value was read from. The owner rides on the snapshot itself (not in
    a module dict keyed by id, which needed a weakref callback per snapshot to
    stay clean): tapes read variables on every training step."""
    __slots__ = ('_variable',)

    def __init__(self, data, variable):
        self._data = data
        self._variable = variable


def variable_of(tensor):
    """The Variable whose value ``tensor`` snapshots for a tape, else None."""
    return tensor._variable if type(tensor) is _Snapshot else None


def _check_declared_shape(shape, actual):
    """``Variable(..., shape=...)`` must fit the initial value (None marks a dimension left open)."""
    if shape is None:
        return
    # TF's as_shape first: its errors for a dimension of -1 or 2.0, or a string read letter by letter (its
    # Dimension takes a bool through __index__, which tapeflow's TensorShape refuses: 1 here, as in TF)
    declared = TensorShape([int(d) if isinstance(d, bool) else d for d in shape]
                           if isinstance(shape, (list, tuple)) else shape)
    if declared.rank is None:        # TensorShape(None): any shape
        return
    dims = declared.as_list()
    if len(dims) != len(actual) or any(d is not None and d != a for d, a in zip(dims, actual)):
        error = ValueError('In this `tf.Variable` creation, the initial value\'s shape (%s) is not compatible with '
                           'the explicitly supplied `shape` argument (%s).' % (TensorShape(actual), shape))
        error.add_note('Variable: give a shape that the initial value fits (None leaves a dimension open)')
        raise error      # TensorFlow 2.21's words, the shape as given


def _open_shape(shape):
    """The declared shape when it leaves a dimension (or the rank) open, else None."""
    if shape is None:
        return None
    declared = shape if isinstance(shape, TensorShape) else TensorShape(shape)
    return None if declared.is_fully_defined() else declared


class _ValueAttribute:
    """``variable.value``, which means two things. A tf.Variable's ``value`` is a method:
    ``v.value()`` is a Tensor of the current value (differentiable, as ``read_value()``).
    A Keras 3 variable's ``value`` is a property, the backend variable itself: the Keras guide's
    custom metric returns ``self.true_positives.value`` from ``result()`` and fit logs it. A layer's,
    metric's or optimizer's weight (one with a Keras path) is both here, so its ``value`` is the
    variable itself, read live as Keras's is (TF prints it as the tf.Variable inside the Keras one).
    ``GradientTape.watch`` refuses a Keras variable, as TF's does, but takes its ``value`` (TF's tf.Variable):
    the variables whose ``value`` was read since the last watch are noted for it (``VALUE_READS``)."""

    def __get__(self, variable, owner=None):
        if variable is None:
            return self
        if variable._path is not None:
            VALUE_READS[id(variable)] = weakref.ref(variable)
            return variable
        return variable._read_as_value


# id -> weak reference of each Keras variable whose ``value`` was read since the last tape.watch (by id:
# a tensor's == is elementwise)
VALUE_READS = {}


def value_was_read(variable):
    """Whether ``variable.value`` (a Keras variable's) was read since the last ``GradientTape.watch``."""
    ref = VALUE_READS.get(id(variable))
    return ref is not None and ref() is variable


class _CreatorScoped(type):
    # tf.Variable(...) inside tf.variable_creator_scope goes through its creators (subclasses do not, as in TF)
    def __call__(cls, *args, **kwargs):
        if later_trace_variables.RUNNING and cls is Variable:     # (user code's tf.Variable in a later trace)
            later_trace_variables.created_by()
        if cls is Variable and variable_creators.creators():
            variable = variable_creators.create(super().__call__, args, kwargs)
        else:
            variable = super().__call__(*args, **kwargs)
        if later_trace_variables.FIRST and cls is Variable:     # (user code's tf.Variable in a first trace)
            later_trace_variables.made_in_first_trace(variable)
        return variable


class Variable(Tensor, metaclass=_CreatorScoped):
    """A tensor whose value can change in place (``assign``, ``assign_add``, ...).

    Args:
        initial_value: a value, tensor, or a zero-argument callable returning one.
        trainable: whether tapes watch it automatically and optimizers train it (None: True unless
            synchronization is ON_READ, as TF).
        name: a name (default 'Variable').
        dtype: the dtype to convert the initial value to.
    """
    __slots__ = ('_name', '_path', '_trainable', '_auto_watch', '_snapshot', 'aggregation', 'synchronization',
                 'constraint', '_open_shape', '_serial', '_strategy')

    def __init__(self, initial_value=None, trainable=None, name=None, dtype=None, **kwargs):
        if initial_value is None:
            error = ValueError('The `initial_value` arg to `tf.Variable` must be specified except when you are not '
                               'providing a `variable_def`. You provided neither.')
            error.add_note('Variable: initial_value must be given (a value, a tensor, or a callable)')
            raise error
        variable_arguments.check_name(name)
        synchronization, aggregation, trainable = variable_arguments.synchronization_aggregation_trainable(
            kwargs.get('synchronization'), kwargs.get('aggregation'), trainable, name)
        variable_arguments.check_constraint(kwargs.get('constraint'))
        CREATED[0] += 1
        self._serial = CREATED[0]       # creation order: TF lists a tape's watched variables in it
        if callable(initial_value) and not isinstance(initial_value, Tensor):
            initial_value = initial_value()
        if SYMBOLIC_RUNS and type(initial_value) is Tensor and _from_user_code():
            for run in SYMBOLIC_RUNS:
                run.abort()
        if isinstance(initial_value, Tensor) and dtype is not None \
                and initial_value._data.dtype != dtypes.numpy_dtype(dtype):
            if isinstance(initial_value, Variable):     # a variable's own conversion function refuses it
                from .keras_operands import variable_conversion_error
                error = variable_conversion_error(initial_value, dtypes.numpy_dtype(dtype))
            else:
                error = ValueError('initial_value: Tensor conversion requested dtype %s for Tensor with dtype %s: %r'
                                   % (dtypes.numpy_dtype(dtype).name, initial_value._data.dtype.name, initial_value))
            error.add_note('tf.Variable: the initial value is a %s tensor but dtype=%s; cast it first with '
                           'framework.cast' % (initial_value._data.dtype.name, dtypes.numpy_dtype(dtype).name))
            raise error       # TensorFlow 2.21's convert_to_tensor(initial_value, dtype) words
        data = _to_array(initial_value, dtypes.numpy_dtype(dtype))
        # A variable owns its buffer: copy so that later in-place updates never
        # write through to the caller's array.
        xp = backend.array_module(data)
        _check_declared_shape(kwargs.get('shape'), data.shape)
        super().__init__(xp.array(data, copy=True))
        # shape=tf.TensorShape(None) or [None, 3]: the shape it reports, which assign may change within
        self._open_shape = _open_shape(kwargs.get('shape'))
        self._name = name_scopes.qualify(name if name is not None else 'Variable')   # 'outer/v' in tf.name_scope
        self._path = None      # set by a layer's add_weight: Keras 3's 'dense/kernel'
        self._trainable = bool(trainable)
        # Whether tapes watch it when it is read: its trainable flag at creation, as TF's tf.Variable
        # under a Keras variable keeps it (freezing a layer later does not stop its tapes watching it)
        self._auto_watch = self._trainable
        self._snapshot = None    # weak reference to the Tensor tapes hold for the current value
        # tf.Variable(constraint=...) or a layer weight's: optimizers project the variable after each update
        self.constraint = kwargs.get('constraint')
        # TF's enums for tf.Variable; Keras's variables set their strings ('none', 'sum', 'auto').
        self.aggregation = DefaultAggregation.NONE if aggregation is None else aggregation
        self.synchronization = VariableSynchronization.AUTO if synchronization is None else synchronization
        from .distribute import scope_strategy
        self._strategy = scope_strategy()     # the tf.distribute strategy whose scope() made it, if any

    @property
    def name(self):
        if self._path is not None:
            return self._name      # a layer weight: Keras 3 names it 'kernel', without ':0'
        return self._name + ':0'      # always, as TF: 'a/b' is 'a/b:0', 'x:0' is 'x:0:0'

    @property
    def dtype(self):
        """A DType (``tf.float32``); a layer's, optimizer's or metric's variable gives
        the dtype's name ('float32', a str), as a Keras 3 variable does."""
        if self._path is not None:
            return dtypes.keras_name(self._data.dtype)
        return dtypes.of_numpy(self._data.dtype)

    @property
    def path(self):
        return self._name if self._path is None else self._path

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        if self._path is None:      # a tf.Variable's flag is fixed when it is made (a Keras variable's is not)
            raise AttributeError("property 'trainable' of 'ResourceVariable' object has no setter")
        self._trainable = bool(value)
        TRAINABLE_FLAG_CHANGES[0] += 1

    # ``v += 1`` on a tf.Variable is refused in TensorFlow 2.21's words (its __isub__ text included); a
    # Keras variable's (a layer weight's) rebinds the name to a tensor, as in Keras 3.
    def _in_place(self, result, message):
        if self._path is not None:
            return result()
        raise RuntimeError(message + ' with `tf.Variable`s is not supported. ' + _IN_PLACE_HINTS[message])

    def __len__(self):       # a variable has no len() in TensorFlow 2.21 nor Keras 3 (a tensor has)
        raise TypeError("object of type '%s' has no len()" % self._type_name())

    def _mirrored(self):
        strategy = getattr(self, '_strategy', None)      # (a read-only view of a variable has none)
        return strategy is not None and strategy._MIRRORED_VARIABLES

    def _type_name(self):
        """The class TF 2.21 names in Python's errors about this variable: a MirroredStrategy scope's are
        MirroredVariables (a keras.Variable's too), else Keras's 'Variable' or TF's 'ResourceVariable'."""
        if self._mirrored():
            return 'MirroredVariable'
        return 'ResourceVariable' if self._path is None else 'Variable'

    # TF 2.21's variables define no __index__ (a list index, range(v): Python's TypeError naming the class; the
    # value reads through int(v) or .numpy()); a MirroredVariable no __int__ / __float__ either
    # (keras_variable_conversions)
    def __index__(self):
        raise TypeError("'%s' object cannot be interpreted as an integer" % self._type_name())

    def __iadd__(self, other):
        return self._in_place(lambda: self + other, '`variable += value`')

    def __isub__(self, other):
        return self._in_place(lambda: self - other, '`variable -= value`')

    def __imul__(self, other):
        return self._in_place(lambda: self * other, '`var *= value`')

    def __itruediv__(self, other):
        return self._in_place(lambda: self / other, '`var /= value`')

    def __ipow__(self, other):
        return self._in_place(lambda: self ** other, '`var **= value`')

    def __round__(self, ndigits=None):
        if self._path is None:      # TensorFlow's variables define none: Python's TypeError
            raise TypeError("type %s doesn't define __round__ method" % type(self).__name__)
        # a Keras 3 variable rounds its value as keras.ops.round (LearningRateScheduler's docstring
        # prints round(model.optimizer.learning_rate, 5))
        from .keras.ops_math import round as keras_round
        return keras_round(self._read_value(), ndigits or 0)

    _numpy_methods = False        # TensorFlow's variables never gain the NumPy methods (tensor_numpy_methods)

    def __format__(self, spec):
        # TF's and Keras 3's variables define no __format__: object's, so f'{v}' is str(v) and a spec
        # (f'{optimizer.learning_rate:.4f}') is a TypeError naming the class
        if spec:
            raise TypeError('unsupported format string passed to %s.__format__' % self._type_name())
        return str(self)

    @property
    def shape(self):
        if self._open_shape is not None:
            return self._open_shape
        return Tensor.shape.fget(self)

    def get_shape(self):
        # tf.Variable(v, shape=[None]).get_shape() is the declared (None,), as .shape (tapeflow gave the value's)
        if self._open_shape is not None:
            return self._open_shape
        return Tensor.get_shape(self)

    def set_shape(self, shape):
        """A check, as a tensor's: TensorFlow merges ``shape`` into the variable's, so an incompatible one
        fails TensorShape.merge_with ('Shapes (2,) and (3,) are not compatible'), not a tensor's set_shape."""
        wanted = TensorShape(shape)
        if not self.shape.is_compatible_with(wanted):
            raise ValueError('Shapes %s and %s are not compatible' % (self.shape, wanted))
        Tensor.set_shape(self, wanted)

    def _snapshot_tensor(self):
        """A Tensor sharing the current buffer, for tapes to keep (one per buffer)."""
        ref = self._snapshot
        snap = ref() if ref is not None else None
        if snap is None or snap._data is not self._data:
            snap = _Snapshot(self._data, self)
            self._snapshot = weakref.ref(snap)
        return snap

    def _fresh_snapshot(self):
        """A new snapshot of the current buffer, for a read that must be told apart from earlier ones
        (variable_read_gradients.graph_read); ``_detach`` copies the buffer before a write while the newest is alive,
        and a tape holding it holds the older ones too."""
        snap = _Snapshot(self._data, self)
        self._snapshot = weakref.ref(snap)
        return snap

    def _detach(self):
        """Before an in-place write: if a tape still holds a snapshot of the
        current buffer, move to a copy so the snapshot keeps the old values."""
        if STATELESS_SCOPES:     # inside keras.StatelessScope the write goes to the scope's copy
            STATELESS_SCOPES[-1].claim(self)
        ref = self._snapshot
        if ref is not None:
            snap = ref()
            if snap is not None and snap._data is self._data:
                self._data = self._data.copy()
            self._snapshot = None

    value = _ValueAttribute()

    def sparse_read(self, indices, name=None):
        """The rows at ``indices``: ``tf.gather(variable, indices)``, read through the tapes."""
        from .ops.indexing import gather     # ops import this module
        return gather(self, indices)

    def gather_nd(self, indices, name=None):
        """``tf.gather_nd(variable, indices)``, read through the tapes."""
        from .ops.indexing import gather_nd
        return gather_nd(self, indices)

    @property
    def initial_value(self):
        raise RuntimeError('This property is not supported when eager execution is enabled.')

    def read_value(self):
        """A Tensor of the current value; tapes see the read, so gradients reach the variable."""
        from .ops.shapes import identity     # ops import this module
        return identity(self)

    def _read_as_value(self):
        """``v.value()``: read_value's tensor; a method of its own because in a tf.function's graph
        TensorFlow's is the read op itself ('ReadVariableOp', framework/graph_op_names.py), not an Identity."""
        return self.read_value()

    _read_value = read_value        # the library's own reads: a Keras variable has no read_value (see end of file)

    def __dir__(self):
        return keras_dir(self, super().__dir__())

    def __array__(self, dtype=None):
        """The value as a numpy array. Like TF's and Keras's variables it takes no ``copy``: numpy 2's
        ``np.array(variable)`` then warns (DeprecationWarning, shown from a user's script) and asks
        again without it, and ``np.array(variable, copy=False)`` is numpy's ValueError, as under TF.
        A copy, as TF's (a read of the variable): ``np.asarray(w)`` kept per epoch must not follow the
        optimizer's later in-place updates, nor may writing to it change the variable."""
        if _tapes.ACTIVE:
            note_host_read(self, _tapes.ACTIVE)
        value = np.array(backend.to_host(self._data))
        return value if dtype is None else value.astype(dtype, copy=False)

    def _on_value(self, what, convert):
        """float() / int() / bool() / complex() of the value: a read TF's tapes see, as numpy()."""
        if _tapes.ACTIVE:
            note_host_read(self, _tapes.ACTIVE)
        return Tensor._on_value(self, what, convert)

    def numpy(self):
        if trace_names.ACTIVE and trace_names.in_graph_trace():
            raise NotImplementedError('numpy() is only available when eager execution is enabled.')
        if _tapes.ACTIVE:       # a read TF's tapes see (print, float(), f'{v.numpy()}' under a tape)
            note_host_read(self, _tapes.ACTIVE)
        value = backend.to_host(self._data)
        if backend.is_device_array(self._data):
            return value[()] if value.ndim == 0 else value
        return value[()] if value.ndim == 0 else value.copy()

    def _new_value(self, value, what):
        if isinstance(value, Tensor) and value._data.dtype != self._data.dtype:
            if self._path is not None and what == 'assign':     # Keras 3's convert_to_tensor casts
                return self._new_value(_to_array(value, self._data.dtype), what)
            raise self._dtype_refusal(value, what)
        try:
            data = _to_array(value, self._data.dtype)
        except (TypeError, ValueError) as err:       # TensorFlow's conversion error, as it is
            if self._path is not None and what == 'assign' and self._data.dtype.kind in 'iub':
                # a Keras variable converts a value for an integer or bool variable without a
                # dtype and casts it (iterations.assign(7.0) is 7, 7.5 too). (Its assign_add is
                # assign(self + value), promoted before the cast: not followed here.)
                converted = _keras_cast(value, self._data.dtype)
                if converted is not None:
                    return self._new_value(converted, what)
            err.add_note('%s: cannot assign %.80r (of type %s) to variable %r of dtype %s'
                         % (what, value, type(value).__name__, self._name, self._data.dtype.name))
            raise
        if data.shape != self._data.shape and not (what == 'assign' and self._open_shape is not None and
                                                   self._open_shape.is_compatible_with(data.shape)):
            raise self._shape_mismatch(what, data.shape, value)
        if backend.is_device_array(self._data) != backend.is_device_array(data):
            raise ValueError('%s: value on %s, variable %r on %s; move the value with framework.device first'
                             % (what, backend.device_name(data), self._name, backend.device_name(self._data)))
        return data

    def _dtype_refusal(self, value, what):
        """TensorFlow refuses a tensor of another dtype (numpy arrays and Python values are converted),
        in convert_to_tensor's words (a variable's own conversion function has its own)."""
        if isinstance(value, Variable):
            from .keras_operands import variable_conversion_error
            error = variable_conversion_error(value, self._data.dtype)
        else:
            error = ValueError('Tensor conversion requested dtype %s for Tensor with dtype %s: %r'
                               % (self._data.dtype.name, value._data.dtype.name, value))
        error.add_note('%s: a tensor of dtype %s cannot be assigned to variable %r of dtype %s; cast it first '
                       'with framework.cast' % (what, value._data.dtype.name, self._name, self._data.dtype.name))
        return error

    def _shape_mismatch(self, what, shape, value=None):
        """TensorFlow's error for a value of another shape (it broadcasts none, not even a scalar):
        assign's ValueError, assign_add/sub's kernel error; tapeflow's words ride along as a note."""
        note = ('%s: cannot assign a value of shape %s to variable %r of shape %s; give a value of the '
                "variable's shape" % (what, tuple(shape), self._name, tuple(self._data.shape)))
        if what == 'assign' and self._path is not None:      # a Keras variable: Keras 3's own check and words
            error = ValueError('The shape of the target variable and the shape of the target value in '
                               '`variable.assign(value)` must match. variable.shape=%s, Received: value.shape=%s. '
                               'Target variable: %r' % (tuple(self._data.shape), tuple(shape), self))
            error.add_note(note)
            return error
        if what == 'assign':    # a variable made with shape=(None, 2) says so, not its value's shape
            declared = tuple(self._data.shape) if self._open_shape is None else tuple(self._open_shape.as_list())
            error = ValueError("Cannot assign value to variable ' %s': Shape mismatch.The variable shape %s, and the "
                               'assigned value shape %s are incompatible.' % (self.name, declared, tuple(shape)))
            error.add_note(note)
            return error
        kernel = 'AssignAddVariableOp' if what == 'assign_add' else 'AssignSubVariableOp'
        if trace_names.ACTIVE and isinstance(value, Tensor):    # a graph trace: shape inference refuses it
            from .traced_variable_updates import graph_refusal
            refusal = graph_refusal(kernel, self._data.shape, value, self._data.dtype)
            if refusal is not None:
                refusal.add_note(note)
                return refusal
        return kernel_error(kernel, 'Cannot update variable with shape [%s] using a Tensor with shape [%s], shapes '
                                    'must be equal.' % (','.join(map(str, self._data.shape)), ','.join(map(str, shape))),
                            named=True, note=note)

    def assign(self, value, use_locking=None, name=None, read_value=True):
        """Set the value in place; returns the variable (None with ``read_value=False``, as TF's
        eager assign returns its op)."""
        data = self._new_value(value, 'assign')
        self._detach()
        if data.shape == self._data.shape:
            self._data[...] = data
        else:                   # a variable of an open shape takes the new one
            self._data = backend.array_module(data).array(data, copy=True)
        return unread(self) if read_value else None

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._update_in_place(delta, 'assign_add', name, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._update_in_place(delta, 'assign_sub', name, read_value)

    def _update_in_place(self, delta, op, name, read_value):
        """``assign_add`` / ``assign_sub`` (``op``): ``delta`` added to or taken from the buffer in place."""
        if self._data.dtype.kind in 'bOSU':
            updated = self._update_without_kernel(delta, op, name)
            if updated is not None:
                return self.assign(updated, read_value=read_value)
        try:
            data = self._new_value(delta, op)
        except (TypeError, ValueError):
            if self._path is None:
                raise
            return self._keras_update(delta, op, read_value)
        self._detach()
        if op == 'assign_add':
            self._data += data
        else:
            self._data -= data
        return unread(self) if read_value else None

    def _keras_update(self, delta, what, read_value):
        """A Keras variable's assign_add / assign_sub of a delta the direct update refuses: Keras 3 assigns
        ``self + delta`` (keras.ops' promotion and broadcasting), so a delta that broadcasts is added, an
        int variable's float sum is cast back, and a delta of another shape or type fails as that sum does
        (AddV2's / Sub's 'Incompatible shapes', Keras's type promotion). Only reached on the error path."""
        from .keras import ops
        from .keras_operands import named_as_converted
        try:        # (``self + delta``: the variable's own operator, which reads its value first)
            total = (ops.add if what == 'assign_add' else ops.subtract)(self, delta)
        except Exception as error:
            raise named_as_converted(error, self) from None
        self.assign(total)
        return unread(self) if read_value else None

    def _update_without_kernel(self, delta, what, name):
        """A bool or string variable. A tf.Variable: TF converts ``delta`` (its conversion errors come
        first), then finds no kernel to add or subtract (framework/variable_update_kernels.py). A Keras
        bool variable: Keras 3 assigns self + delta under keras.ops' promotion, which refuses a bool
        delta (AddV2's text) and casts a number's sum back; returns that sum."""
        if self._path is None:
            _to_array(delta, self._data.dtype)
            from .variable_update_kernels import refuse_update
            raise refuse_update(self._name, self.dtype.name, what, name)
        if self._data.dtype.kind == 'b':
            from .keras import ops
            return (ops.add if what == 'assign_add' else ops.subtract)(self, delta)
        return None

    # ---- writing parts of the value (framework/variable_slices.py) ----------
    def __getitem__(self, index):
        """``v[index]``: a differentiable read whose result also has ``.assign(value)``."""
        if isinstance(index, list):     # as a tensor's: v[[0, 1]] is v[0, 1]
            from .ops.indexing import list_index     # ops import this module
            index = list_index(index)
        if type(index) is not int:      # as a tensor's: TF's item check before the slice
            from .ops.slice_index_items import check_index
            check_index(index)
        return read_slice(self, index)

    def scatter_nd_update(self, indices, updates, name=None):
        """Replace the slices at the index vectors ``indices`` by ``updates``; returns the variable."""
        return scatter_nd(self, indices, updates, 'update')

    def scatter_nd_add(self, indices, updates, name=None):
        """Add ``updates`` at ``indices`` (repeated indices add up); returns the variable."""
        return scatter_nd(self, indices, updates, 'add')

    def scatter_nd_sub(self, indices, updates, name=None):
        """Subtract ``updates`` at ``indices``; returns the variable."""
        return scatter_nd(self, indices, updates, 'sub')

    def scatter_nd_max(self, indices, updates, name=None):
        """The elementwise max of the slices at ``indices`` and ``updates``; returns the variable."""
        return scatter_nd_extreme(self, indices, updates, 'max')

    def scatter_nd_min(self, indices, updates, name=None):
        """The elementwise min of the slices at ``indices`` and ``updates``; returns the variable."""
        return scatter_nd_extreme(self, indices, updates, 'min')

    # ---- writing rows from a tf.IndexedSlices (framework/variable_scatter.py) ----
    def scatter_update(self, sparse_delta, use_locking=False, name=None):
        """Replace the rows ``sparse_delta.indices`` by ``sparse_delta.values``; returns the variable."""
        return scatter_slices(self, sparse_delta, 'update')

    def batch_scatter_update(self, sparse_delta, use_locking=False, name=None):
        """As ``scatter_update`` (tapeflow's IndexedSlices hold 1-D indices only)."""
        return scatter_slices(self, sparse_delta, 'update')

    def scatter_add(self, sparse_delta, use_locking=False, name=None):
        return scatter_slices(self, sparse_delta, 'add')

    def scatter_sub(self, sparse_delta, use_locking=False, name=None):
        return scatter_slices(self, sparse_delta, 'sub')

    def scatter_mul(self, sparse_delta, use_locking=False, name=None):
        return scatter_slices(self, sparse_delta, 'mul')

    def scatter_div(self, sparse_delta, use_locking=False, name=None):
        return scatter_slices(self, sparse_delta, 'div')

    def scatter_max(self, sparse_delta, use_locking=False, name=None):
        return scatter_slices(self, sparse_delta, 'max')

    def scatter_min(self, sparse_delta, use_locking=False, name=None):
        return scatter_slices(self, sparse_delta, 'min')

    # Variables are looked up by identity (optimizer slots, sets of weights).
    # object's own identity hash runs in C: a Python __hash__ cost a call per
    # lookup, and optimizers and layers look variables up every training step.
    __hash__ = object.__hash__

    def __repr__(self):
        if self._path is not None:     # a layer's, optimizer's or metric's variable prints as Keras 3's does
            if trace_names.ACTIVE and trace_names.tracing():    # a traced step's has no numpy value to show
                return '<Variable path=%s, shape=%s, dtype=%s>' % (self._path, tuple(self._data.shape),
                                                                  self._data.dtype.name)
            value = self.numpy()
            return '<Variable path=%s, shape=%s, dtype=%s, value=%s>' % (
                self._path, tuple(self._data.shape), self._data.dtype.name, value.item() if value.ndim == 0 else value)
        if trace_names.ACTIVE and trace_names.tracing():     # TensorFlow's trace shows no value
            return "<%s.Variable '%s' shape=%s dtype=%s>" % (DISPLAY_NAME, self.name, self._shape_text(),
                                                           self._data.dtype.name)
        text = numpy_text(self.numpy(), True)
        text = "<%s.Variable '%s' shape=%s dtype=%s, numpy=%s>" % (
            DISPLAY_NAME, self.name, self._shape_text(), dtypes.display_name(self._data.dtype), text)
        if self._type_name() == 'MirroredVariable':
            return 'MirroredVariable:{\n  0: %s\n}' % text    # made in a MirroredStrategy's scope: one component
        return text

    def _shape_text(self):
        if self._open_shape is None:
            return tuple(self._data.shape)
        return '<unknown>' if self._open_shape.rank is None else tuple(self._open_shape.as_list())

    __str__ = __repr__


def _keras_cast(value, dtype):
    """``value`` converted as TensorFlow converts it without a dtype, then cast to ``dtype`` (None
    when it has no numeric conversion: the caller keeps TensorFlow's error)."""
    try:
        data = _to_array(value, None)
    except (TypeError, ValueError):
        return None
    if data.dtype.kind in 'SUO':        # Keras casts the string tensor: TF's Cast refuses it
        from .losses.inputs import string_cast_error      # (losses import this module)
        raise string_cast_error(dtype)
    return data.astype(dtype) if data.dtype.kind in 'iufb' else None


from .variable_slices import read_slice, scatter_nd  # noqa: E402  (it builds on ops, which import this module)
from .keras_variable_operators import install_operators  # noqa: E402
from .keras_variable_conversions import install_conversions  # noqa: E402

# a Keras variable's operators and conversions are Keras 3's (keras_variable_operators, _conversions);
# a tf.Variable's a tensor's
install_operators(Variable)
install_conversions(Variable)
from .variable_scatter import scatter_nd_extreme, scatter_slices  # noqa: E402
from .unread_variable import unread  # noqa: E402  (a Variable subclass)
from . import tape as _tapes  # noqa: E402  (the tape imports this module; ACTIVE is read when a value is)
from .variable_host_reads import note_host_read  # noqa: E402
from .tensorflow_only_members import hide_from_keras_variables, keras_dir  # noqa: E402

# A Keras 3 variable (one with a path) lacks tf.Variable's get_shape, read_value, scatter_*, device, ...
hide_from_keras_variables(Variable)


# tf.Variable is a ResourceVariable in TensorFlow 2 (see Tensor.__name__ in tensor.py).
Variable.__name__ = 'ResourceVariable'
