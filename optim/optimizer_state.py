"""Saving and restoring an optimizer's full state (the Optimizer's state methods).

Two views of one state:
- Keras 3's flat list ``optimizer.variables`` (iteration, learning_rate, then
  the slots in creation order), written by ``save_own_variables`` under the
  keys '0', '1', ... as Keras 3's ``.weights.h5`` does;
- a structured one, independent of creation order, for formats that store
  slots per model variable: ``get_slot_state(var_list)`` /
  ``set_slot_state(var_list, state)`` with
  ``{'iterations': int, 'slots': [{slot name: array} for each variable of var_list],
  'extras': {name: array}}``.
set_slot_state validates everything before assigning anything; load_own_variables and set_weights
assign in order, as Keras 3's.
"""
import warnings

import numpy as np

from framework import backend


def _host_copy(variable):
    return np.array(backend.to_host(variable._data), copy=True)


def _check_shape(value, target, what):
    if np.shape(value) != tuple(target._data.shape):
        raise ValueError('%s: saved value of shape %s for %r of shape %s'
                         % (what, np.shape(value), target.path, tuple(target._data.shape)))


def _assign_all(pairs):
    for target, value in pairs:
        xp = backend.array_module(target._data)
        target._data[...] = xp.asarray(np.asarray(value), dtype=target._data.dtype)


class OptimizerState:
    """Mixed into Optimizer; relies on its ``_slots``, ``_iterations`` and ``build``."""

    def get_slot_state(self, var_list):
        """The whole state for ``var_list`` (the model's variables, in order), as host arrays.

        Builds slots for variables not seen yet (zero state, as Keras builds on all of them).
        """
        var_list = list(var_list)
        self.build(var_list)
        return {'iterations': int(backend.to_host(self._iterations._data)),
                'slots': [{name: _host_copy(self._slots.get(v, name)) for name in self._slots.names_for(v)}
                          for v in var_list],
                'extras': {name: _host_copy(v) for name, v in self._slots.extras.items()}}

    def set_slot_state(self, var_list, state):
        """Restore what ``get_slot_state`` returned, for the same variables in the same order.

        Raises:
            ValueError: a different number of variables, slot names, extras or shapes;
                nothing is changed then.
        """
        var_list = list(var_list)
        slots = list(state['slots'])
        if len(slots) != len(var_list):
            raise ValueError('set_slot_state: the state holds slots for %d variables but %d were given'
                             % (len(slots), len(var_list)))
        self.build(var_list)
        pairs = []
        for variable, saved in zip(var_list, slots):
            expected = self._slots.names_for(variable)
            if sorted(saved) != sorted(expected):
                raise ValueError('set_slot_state: variable %r has slots %s in the state but this %s keeps %s'
                                 % (variable.path, sorted(saved), type(self).__name__, sorted(expected)))
            for name in expected:
                slot = self._slots.get(variable, name)
                _check_shape(saved[name], slot, 'set_slot_state')
                pairs.append((slot, saved[name]))
        extras = dict(state.get('extras') or {})
        if sorted(extras) != sorted(self._slots.extras):
            raise ValueError('set_slot_state: the state has extras %s but this %s keeps %s'
                             % (sorted(extras), type(self).__name__, sorted(self._slots.extras)))
        for name, value in extras.items():
            _check_shape(value, self._slots.extras[name], 'set_slot_state')
            pairs.append((self._slots.extras[name], value))
        pairs.append((self._iterations, int(state['iterations'])))
        _assign_all(pairs)

    def save_own_variables(self, store):
        """Write ``variables`` into ``store`` (a dict or an h5py group) under '0', '1', ... (Keras 3)."""
        for i, variable in enumerate(self.variables):
            store[str(i)] = _host_copy(variable)

    def load_own_variables(self, store):
        """Read what ``save_own_variables`` wrote; warns and loads nothing on a count mismatch, as Keras 3."""
        if len(store.keys()) != len(self.variables):
            # Keras 3's words, its trailing space and its unbuilt hint included
            warnings.warn("Skipping variable loading for optimizer '%s', because it has %d variables whereas "
                          'the saved optimizer has %d variables. %s'
                          % (self.name, len(self.variables), len(store.keys()),
                             '' if self.variables else 'This is likely because the optimizer has not been '
                                                       'called/built yet.'),
                          stacklevel=2)
            return
        # Keras 3 assigns in order: a value of another shape raises Variable.assign's ValueError, the
        # variables before it already set
        for i, variable in enumerate(self.variables):
            variable.assign(np.asarray(store[str(i)]))

    def set_weights(self, weights):
        """Assign arrays to the optimizer's own variables in order, as Keras 3 does: pairs up to the
        shorter list (a short list sets the first variables, iteration and learning rate), each checked
        by its ``shape`` and assigned before the next is read. Own variables are Keras's
        ``self._variables``: a LossScaleOptimizer's iteration, learning rate, step counter and dynamic
        scale, not its inner optimizer's, which ``variables`` lists after them."""
        if not self.built:
            raise ValueError('You are calling `set_weights()` on an optimizer that has not yet been built. '
                             'Please call `optimizer.build(trainable_variables)` to create the optimizer '
                             'weights before calling `set_weights()`.')
        for variable, weight in zip(self._slots.variables, weights):
            # (Keras reads weight.shape: a Python float or a list raises its AttributeError)
            if tuple(variable.shape) != weight.shape:
                # Keras names the variable by its TF _unique_id, the path and a process-wide count
                raise ValueError('Optimizer variable %s has shape %s not compatible with provided weight '
                                 'shape %s.' % (variable.path, tuple(variable.shape), weight.shape))
            _assign_all([(variable, weight)])
