"""How a layer makes its state: ``add_weight`` (Keras 3's checks, names and paths) and the state lock.

Keras 3 locks a layer's state when its build ends: a weight or sublayer made later (in ``call``) would
be made again at each trace, and saved files would not hold it. ``add_weight`` refuses then, and so
does ``Layer.__setattr__`` for a new sublayer.
"""
import contextlib

import numpy as np

from framework import dtypes, random_state_freeze
from framework.errors import noted
from framework.tensor_shape import TensorShape
from framework.variable import Variable

from . import constraints, initializers, naming, regularizers, tracking
from .call_errors import super_not_called
from .input_spec import standardize_shape
from .layer_arguments import positional_weight_args
from .weight_paths import weight_path

_AGGREGATIONS = ('none', 'mean', 'sum', 'only_first_replica')        # add_weight's, as Keras 3
LOCKED_STATE = ('You cannot add new elements of state (variables or sub-layers) to a layer that is already built. All '
                'state must be created in the `__init__()` method or in the `build()` method.')


class LayerState:
    """Mixin of ``Layer``: making weights and locking the state once built."""

    def lock_state(self):
        """Refuse new weights and sublayers from now on, as Keras 3 does when a build ends (a weight
        made in ``call`` would be made again at each trace, and saved files would not hold it)."""
        if self.locks_state_when_built:
            self.__dict__['_state_locked'] = True

    @contextlib.contextmanager
    def unlocked_state(self):
        """Lift the lock meanwhile, as Keras 3's ``_tracker.unlock()``: for tapeflow's own layers that make
        state after their build (MultiHeadAttention's projections on its first call, enable_lora)."""
        locked = self.__dict__.pop('_state_locked', None)
        try:
            yield
        finally:
            if locked:
                self.__dict__['_state_locked'] = True

    def add_variable(self, shape, initializer, dtype=None, trainable=True, autocast=True, regularizer=None,
                     constraint=None, name=None):
        """Keras 3's alias of ``add_weight``."""
        return self.add_weight(shape=shape, initializer=initializer, dtype=dtype, trainable=trainable,
                               autocast=autocast, regularizer=regularizer, constraint=constraint, name=name)

    def add_weight(self, *args, shape=None, initializer=None, dtype=None, trainable=True, autocast=True,
                   regularizer=None, constraint=None, aggregation='none', name=None):
        """Create a weight variable, track it and return it.

        Args (Keras 3's; ``shape``, ``initializer``, ``dtype`` may be positional):
            shape: a tuple of ints (default ``()``).
            initializer: an initializer or its name; default 'glorot_uniform'
                for floating dtypes, 'zeros' otherwise.
            dtype: default the layer's dtype.
            trainable: whether optimizers train it and tapes watch it.
            autocast: whether a mixed-precision call reads it in the compute dtype.
            regularizer: its penalty joins ``losses`` (while it is trainable).
            constraint: applied after each optimizer update (see ``constraints``).
            name: the variable's name ('kernel'); its ``path`` adds the
                enclosing layers ('sequential/dense/kernel').
        Raises:
            ValueError: a name given positionally or holding '/', a shape with None, negative,
                fractional or text entries (or no shape at all, such as 3), an unknown dtype.
        """
        if self.__dict__.get('_state_locked'):     # built (lock_state): Keras 3's tracker refuses new state
            raise ValueError(LOCKED_STATE)
        if '_dtype' not in self.__dict__:       # called in __init__ before super().__init__(), as Keras 3 checks
            raise super_not_called(self)
        shape, initializer, dtype = positional_weight_args(args, shape, initializer, dtype)
        # Keras 3's order: the dtype and the initializer are looked up in add_weight, then its Variable takes its
        # automatic name ('variable', 'variable_1', ...: a refused shape still uses one up, as in TF 2.21) and
        # checks the name, the aggregation and the shape
        if dtype is None:
            dtype = self._dtype
        else:
            try:
                dtype = dtypes.as_keras_dtype(dtype)
            except TypeError:
                raise ValueError('Invalid dtype: %s' % (dtype,)) from None     # Keras 3's class and words
        if initializer is None:
            # dtype is a DType when given, the layer's numpy dtype otherwise; Keras: 'float' in its name
            initializer = 'glorot_uniform' if dtypes.is_floating(dtype) else 'zeros'
        initializer = initializers.get(initializer)
        if not name:     # Keras 3 auto-names it ('' too: its Variable takes name or auto_name)
            name = naming.unique_name('variable')
        if not isinstance(name, str) or '/' in name:      # Keras 3's Variable check
            raise ValueError('Argument `name` must be a string and cannot contain character `/`. Received: name=%s'
                             % (name,))
        if aggregation not in _AGGREGATIONS:              # Keras 3's words; its Variable takes None as 'none'
            if aggregation is not None:
                raise ValueError("Invalid value for argument `aggregation`. Expected one of `None`, `'none'`, `'mean'`, "
                                 "`'sum'`, `'only_first_replica'`. Received: aggregation=%s" % (aggregation,))
            aggregation = 'none'
        if shape.__class__ is TensorShape:      # Keras 3 reads it with as_list(): TensorShape(None) is its error
            shape = shape.as_list()
        if shape is not None and (not hasattr(shape, '__iter__') or any(isinstance(d, (str, float)) for d in shape)):
            standardize_shape(shape)       # Keras 3's ValueError: "Cannot convert '3' to a shape."
        shape = () if shape is None else tuple(shape)
        if any(d is None for d in shape):       # Keras 3's Variable words, tapeflow's in a note
            raise noted(ValueError("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                                   "Received: shape=%s for variable path='%s'" % (shape, weight_path(self, name))),
                        '%s.add_weight: weight %r needs a fully defined shape, got %s'
                        % (type(self).__name__, name, shape))
        if any(isinstance(d, (int, np.integer)) and d < 0 for d in shape):     # Keras 3's words
            raise noted(ValueError("Cannot convert '%s' to a shape. Negative dimensions are not allowed." % (shape,)),
                        '%s.add_weight: a negative size in the shape of weight %r' % (type(self).__name__, name))
        try:
            shape = tuple(int(d) for d in shape)
        except (TypeError, ValueError):    # a list or an object as a size: Keras 3's ValueError, not int()'s
            standardize_shape(shape)
            raise
        from framework.keras.stateless_scope import outside_stateless_scopes    # framework.keras imports layers
        # Keras makes weights eagerly, even inside a symbolic trace (and its StatelessScope)
        with random_state_freeze.thawed(), outside_stateless_scopes():
            value = initializer(shape, dtype=dtype)
        variable = Variable(value, trainable=trainable, name=name, dtype=dtype)
        variable.aggregation, variable.synchronization = aggregation, 'auto'     # Keras 3's strings
        variable._path = weight_path(self, name)
        variable._name = name      # Keras 3 weights ignore tf.name_scope: 'kernel' stays 'kernel'
        if trainable and not self._trainable:
            variable.trainable = False
        if not autocast:
            self.__dict__.setdefault('_not_autocast', set()).add(id(variable))
        (self._trainable_created if trainable else self._non_trainable_created).append(variable)
        tracking.structure_changed(self)
        regularizer = regularizers.get(regularizer)
        if regularizer is not None:
            self._regularizers[variable] = regularizer
        constraint = constraints.get(constraint)
        if constraint is not None:
            self._constraints[variable] = constraint
            variable.constraint = constraint     # Keras 3's optimizers apply it after each update
        return variable
