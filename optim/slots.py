"""SlotStore: an optimizer's state Variables, kept in Keras 3's order.

Per-variable slots are framework Variables (non-trainable) keyed by the model
variable they belong to; Variables hash by identity, so two equal-valued
weights never share state. ``variables`` lists every state Variable in
creation order (iteration count and learning rate first), which for a first
``build`` is the order Keras 3 gives ``optimizer.variables``.
"""
from framework import backend, later_trace_variables
from framework.variable import Variable

from .keras_cast import keras_cast


class SlotStore:
    def __init__(self, prefix):
        self.prefix = prefix     # the optimizer's name: slots are named '<prefix>/<variable>_<slot>'
        self.variables = []      # every state Variable, in creation order
        self._slots = {}         # model Variable -> {slot name: slot Variable}
        self.extras = {}         # optimizer-wide state (learning_rate, Nadam's u_product): name -> Variable
        # False while a LossScaleOptimizer builds this optimizer: Keras runs that build without
        # automatic tracking, so the plain Variables it makes (keras_unscoped) stay out of ``variables``.
        self.auto_tracking = True

    def __contains__(self, variable):
        return variable in self._slots

    @property
    def has_slots(self):
        """``variable in store`` as one bound method (``all(map(store.has_slots, variables))``)."""
        return self._slots.__contains__

    def model_variables(self):
        """The model variables that have slots, in the order they were first seen."""
        return list(self._slots)

    def track(self, state_variable):
        self.variables.append(state_variable)
        return state_variable

    def add_extra(self, name, value, dtype):
        """An optimizer-wide state Variable named '<prefix>/<name>', tracked in ``variables``."""
        aggregation = 'only_first_replica' if name == 'learning_rate' else 'none'     # as Keras 3
        if isinstance(value, float) and value.is_integer() and getattr(dtype, 'is_integer', False):
            # Keras casts the initial value: Nadam built on an integer first variable (a tape gives it
            # no gradient, and TF 2.21 builds before refusing) gets an int32 product of 1
            value = int(value)
        variable = keras_state(value, dtype, name, self.prefix, aggregation)
        self.extras[name] = variable
        return self.track(variable)

    def remove_extra(self, name):
        variable = self.extras.pop(name)
        self.variables = [v for v in self.variables if v is not variable]

    def register(self, variable):
        self._slots.setdefault(variable, {})

    def add(self, variable, name, fill=0.0):
        """A new slot shaped, typed and placed like ``variable``, filled with ``fill``."""
        # Keras names a slot after its variable's path ('dense/kernel' -> 'dense_kernel_momentum'),
        # or, for a plain tf.Variable, which has no path there, after its name ('Variable_0_momentum').
        key = variable.path if variable._path is not None else variable.name
        slot = keras_state(0, variable._data.dtype, '%s_%s' % (key.replace('/', '_').replace(':', '_'), name),
                           self.prefix)
        # Set the buffer directly: the slot lives where the variable lives,
        # whatever device scope is active when it is created.
        # Keras fills through initializers.Constant, which casts the value (see keras_cast).
        slot._data = backend.array_module(variable._data).full_like(variable._data, keras_cast(fill, variable._data.dtype))
        self._slots.setdefault(variable, {})[name] = slot
        return self.track(slot)

    def drop(self, variable, names):
        """Forget ``variable``'s slots ``names`` (a build that stopped before making them); the
        variable stays known, with its other slots."""
        slots = self._slots.get(variable, {})
        gone = [slots.pop(name) for name in names if name in slots]
        self.variables = [v for v in self.variables if not any(v is g for g in gone)]
        later_trace_variables.never_made(gone)      # (a tf.function's first trace did not make them)

    def get(self, variable, name):
        slots = self._slots.get(variable, {})
        if name not in slots:
            raise _missing(name, variable, slots)
        return slots[name]

    def arrays(self, variable, names):
        """The raw arrays of ``variable``'s slots ``names``, which the optimizer updates in place
        (for a FlatGroup, the flat arrays of its variables' slots)."""
        slots = self._slots.get(variable)
        if slots is None:
            return variable.slot_arrays(names)
        try:
            return [slots[name]._data for name in names]
        except KeyError as error:
            raise _missing(error.args[0], variable, slots) from None

    def variables_named(self, name):
        """The slot Variables of one kind, for every variable that has it, in the order the variables were first seen."""
        return [slots[name] for slots in self._slots.values() if name in slots]

    def arrays_named(self, name):
        """The raw arrays of one kind of slot, for every variable that has it."""
        return [slots[name]._data for slots in self._slots.values() if name in slots]

    def names_for(self, variable):
        return list(self._slots.get(variable, {}))


# Slots Keras 3 keeps in lists that build leaves empty when the option that needs them is off (SGD's
# momentums, RMSprop's _momentums and _average_gradients): an option turned on after the build (SGD()'s
# momentum set by a callback in an eager fit) reads past the list's end
_LISTED = frozenset(('momentum', 'average_gradient'))


def _missing(name, variable, slots):
    """Keras 3's error for a slot the build did not make: IndexError for a listed one, else tapeflow's KeyError."""
    text = 'No slot %r for variable %r; this optimizer keeps %s for it' % (
        name, variable.path, sorted(slots) or 'no slots')
    if name not in _LISTED:
        return KeyError(text)
    error = IndexError('list index out of range')
    error.add_note(text + ': an option that needs it was set after the optimizer was built (Keras makes the '
                   'slots in build); set it before the first step, or compile again with a new optimizer')
    return error


def keras_state(value, dtype, name, prefix, aggregation='none'):
    """A new non-trainable state Variable holding ``value``, named as ``keras_named`` says. Its name is
    ``name`` whatever tf.name_scope is open (a step run in the user's ``with tf.name_scope('outer')``, or a
    build in the optimizer's own scope): Keras 3's names ignore it, where a tf.Variable's take it."""
    variable = Variable(value, dtype=dtype, trainable=False, name=name)
    variable._name = name
    return keras_named(variable, prefix, aggregation)


def keras_named(variable, prefix, aggregation='none'):
    """``variable`` named as Keras 3 names an optimizer's or a metric's variables: its ``name``
    is the short one ('iteration'), its ``path`` '<owner>/<name>' ('adam/iteration'); and its
    aggregation and synchronization Keras's strings ('none' for slots, 'auto')."""
    variable._path = '%s/%s' % (prefix, variable._name)
    variable.aggregation, variable.synchronization = aggregation, 'auto'
    return variable


def keras_unscoped(variable, name, optimizer):
    """``variable`` named as a Keras 3 ``backend.Variable`` made in an optimizer's build
    (Nadam's momentum product, Adafactor's unused scalars): its path is ``name`` when the build
    was called directly, '<scope>/<name>' when it ran in apply's (or fit's) name scope: the
    optimizer's, or a LossScaleOptimizer's around it. Keras tracks such a Variable automatically,
    so it is in ``variables``, except in a build that a LossScaleOptimizer runs (see ``auto_tracking``)."""
    variable._name = name
    scope = getattr(optimizer, '_build_scope', None)
    variable._path = '%s/%s' % (scope, name) if scope else name
    if not optimizer._slots.auto_tracking:
        optimizer._slots.variables = [v for v in optimizer._slots.variables if v is not variable]
    return variable
