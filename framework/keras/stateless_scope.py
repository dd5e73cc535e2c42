"""``keras.StatelessScope``: run code that reads and writes variables without changing any.

As Keras 3: ``state_mapping`` gives variables the values they have inside the scope; every
write inside it (``assign``, ``assign_add``, an optimizer step) is kept by the scope instead of
the variable; ``scope.get_current_value(v)`` returns a variable's value at the end of the scope
(None for one neither mapped nor written). On exit every variable holds its value from before.

How: a mapped variable's buffer is swapped for the mapped value on entry; any other variable is
swapped for a copy on its first in-place write (``Variable._detach`` calls ``claim``); on exit
the scope keeps the buffers it swapped in and puts the originals back.
"""
import contextlib

import numpy as np

from framework import backend
from framework.tensor import Tensor, _to_array
from framework.variable import STATELESS_SCOPES, Variable


class StatelessScope:
    """``with keras.StatelessScope(state_mapping=[(variable, value), ...]) as scope:``.

    Args:
        state_mapping: pairs (variable, value) of the values the variables have inside the scope.
        collect_losses: keep the losses ``scope.add_loss`` is given in ``scope.losses``.
        initialize_variables: accepted for Keras's signature; tapeflow variables are always
            initialized when created.
    Raises:
        ValueError: an entry that is not a pair, a key that is not a variable, or a value of another
            shape (Keras's messages) or that is no tensor of the variable's dtype.
    """

    def __init__(self, state_mapping=None, collect_losses=False, initialize_variables=True):
        self.collect_losses = collect_losses
        self.initialize_variables = initialize_variables
        self.losses = []
        self.state_mapping = {}
        self._mapped = []
        try:
            pairs = list(state_mapping or ())
        except TypeError:
            raise TypeError('StatelessScope: state_mapping must be a list of (variable, value) pairs, got %.80r (of '
                            'type %s)' % (state_mapping, type(state_mapping).__name__)) from None
        for pair in pairs:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ValueError('StatelessScope: state_mapping must be a list of (variable, value) pairs; got the '
                                 'entry %.80r' % (pair,))
            key, value = pair
            if not isinstance(key, Variable):
                raise ValueError('Invalid reference variable in StatelessScope: all keys in argument `mapping` must '
                                 'be Variable instances. Received instead: %s' % (key,))
            try:
                data = _to_array(value, key._data.dtype)
            except (TypeError, ValueError) as err:
                raise type(err)('StatelessScope: the value for variable %r cannot be a tensor of its dtype %s: %s'
                                % (key.path, key._data.dtype.name, err)) from None
            if data.shape != key._data.shape:
                raise ValueError('Invalid variable value in StatelessScope: all values in argument `mapping` must be '
                                 'tensors with a shape that matches the corresponding variable shape. For variable '
                                 '%s, received invalid value %s with shape %s.' % (key, value, data.shape))
            self._mapped.append((key, data))
            self.state_mapping[id(key)] = Tensor(data)
        self._originals = {}

    def __enter__(self):
        self._originals = {}
        for variable, data in self._mapped:
            self._swap(variable, backend.array_module(variable._data).array(data, copy=True))
        STATELESS_SCOPES.append(self)
        return self

    def __exit__(self, *exc):
        STATELESS_SCOPES.remove(self)
        for variable, original in self._originals.values():
            self.state_mapping[id(variable)] = Tensor(variable._data)
            variable._data = original
            variable._snapshot = None
        self._originals = {}

    def claim(self, variable):
        """Before ``variable``'s first in-place write in the scope: give it a copy to write into."""
        if id(variable) not in self._originals:
            self._swap(variable, variable._data.copy())

    def _swap(self, variable, data):
        self._originals.setdefault(id(variable), (variable, variable._data))
        variable._data = data
        variable._snapshot = None

    def add_loss(self, loss):
        self.losses.append(loss)

    def add_update(self, update):
        """Record ``(variable, value)`` as the variable's value from now on in the scope."""
        variable, value = update
        if STATELESS_SCOPES and STATELESS_SCOPES[-1] is self:
            self.claim(variable)
            variable._data[...] = _to_array(value, variable._data.dtype)
        else:
            self.state_mapping[id(variable)] = Tensor(np.asarray(_to_array(value, variable._data.dtype)))

    def get_current_value(self, variable):
        """The variable's value in the scope (a tensor), or None if the scope neither maps nor wrote it."""
        if id(variable) in self._originals:
            return Tensor(variable._data.copy())
        return self.state_mapping.get(id(variable))


@contextlib.contextmanager
def outside_stateless_scopes():
    """Run as if no StatelessScope were open: Keras 3 makes a variable created in one with its
    initializer when the scope exits, so the initializer's draw (a SeedGenerator's state moving on)
    stays, while the scope's other writes are dropped."""
    scopes = list(STATELESS_SCOPES)
    del STATELESS_SCOPES[:]
    try:
        yield
    finally:
        STATELESS_SCOPES[:] = scopes


def in_stateless_scope():
    return bool(STATELESS_SCOPES)


def get_stateless_scope():
    return STATELESS_SCOPES[-1] if STATELESS_SCOPES else None
