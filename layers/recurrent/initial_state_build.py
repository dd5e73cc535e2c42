"""The build config of a recurrent layer first called with ``initial_state``, as Keras 3 saves it.

Keras 3 builds a layer from the shapes of all tensors its call is given; RNN's and
Bidirectional's ``build(sequences_shape, initial_state_shape=None)`` takes both, so
``GRU(4)(x, initial_state=h)`` in a functional model is saved with
``{'shapes_dict': {'sequences_shape': [None, 5, 4], 'initial_state_shape': [None, 4]}}``
(a list of states: a list of shapes) where ``GRU(4)(x)`` has ``{'input_shape': [None, 5, 4]}``.
Only the first call counts: it builds the layer.
"""
from framework import nest

from ..functional.keras_tensor import KerasTensor


class InitialStateBuildConfig:
    """Mixin for RNN and Bidirectional: remembers the initial state's shape of the building call."""
    _initial_state_build_shape = None

    def _note_build_call(self, args, kwargs):
        """Called by a symbolic call that has just built the layer, with its other arguments."""
        state = kwargs['initial_state'] if 'initial_state' in kwargs else (args[0] if args else None)
        if state is not None and all(type(x) is KerasTensor for x in nest.flatten(state)):
            self._initial_state_build_shape = nest.map_structure(lambda x: tuple(x.shape), state)

    def get_build_config(self):
        config = super().get_build_config()
        if config is None or self._initial_state_build_shape is None:
            return config
        return {'shapes_dict': {'sequences_shape': config['input_shape'],
                                'initial_state_shape': self._initial_state_build_shape}}

    def build_from_config(self, config):
        shapes = (config or {}).get('shapes_dict')
        if not shapes or shapes.get('sequences_shape') is None:
            return super().build_from_config(config)
        state = shapes.get('initial_state_shape')
        if state is not None:
            self._initial_state_build_shape = state
        self._build_from_shape(tuple(shapes['sequences_shape']))
