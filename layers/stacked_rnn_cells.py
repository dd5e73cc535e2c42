"""StackedRNNCells (Keras 3): several recurrent cells run as one, each feeding the next."""
from framework import nest
from framework.ops import zeros

from . import call_context
from .layer import Layer
from .serialization import deserialize, serialize


def _sizes(cell):
    sizes = cell.state_size
    return list(sizes) if isinstance(sizes, (list, tuple)) else [sizes]


def _states_are_a_list(cell):
    """Whether Keras hands ``cell`` its states as a list: when they come from its own
    ``get_initial_state`` (the built-in cells) or it has several; else one tensor."""
    return isinstance(cell.state_size, (list, tuple)) or callable(getattr(cell, 'get_initial_state', None))


def _output_size(cell):
    size = getattr(cell, 'output_size', None)
    return size if size is not None else _sizes(cell)[0]


class StackedRNNCells(Layer):
    """One step of ``cells`` in turn: each cell's output is the next cell's input,
    and the last cell's output is the stack's. Give it to ``RNN``.

    ``state_size`` holds each cell's, as Keras 3 nests them ([3, [2, 2]] for a
    SimpleRNNCell(3) and an LSTMCell(2)); ``call`` takes the states nested so or
    flat and returns them nested per cell: a list for a cell whose states are a
    list (the built-in cells' are), else its one tensor. ``RNN(...,
    return_state=True)`` returns them so too.

    Raises:
        ValueError: a cell without a ``call`` method or a ``state_size``.
    """

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        try:
            cells = list(cells)     # Keras 3 iterates what it is given: None is Python's 'not iterable' TypeError,
        except TypeError as error:  # a string its characters (then the `call` check's ValueError below)
            error.add_note('StackedRNNCells %r: `cells` must be a list of RNN cells' % self.name)
            raise
        for cell in cells:      # Keras 3's checks and texts (an empty list passes: its call fails)
            if 'call' not in dir(cell):
                raise ValueError('All cells must have a `call` method. Received cell without a `call` method: %s'
                                 % (cell,))
            if 'state_size' not in dir(cell):
                raise ValueError('All cells must have a `state_size` attribute. Received cell without a '
                                 '`state_size`: %s' % (cell,))
        self.cells = cells

    @property
    def state_size(self):
        return [cell.state_size for cell in self.cells]

    @property
    def flat_state_sizes(self):
        """Every cell's state sizes in order, one int per state tensor."""
        return [size for cell in self.cells for size in _sizes(cell)]

    def nest_states(self, flat):
        """The flat list of states, nested per cell as Keras 3 returns them."""
        nested, start = [], 0
        for cell in self.cells:
            count = len(_sizes(cell))
            mine = list(flat[start:start + count])
            start += count
            nested.append(mine if _states_are_a_list(cell) else mine[0])
        return nested

    @property
    def output_size(self):
        return _output_size(self.cells[-1])

    def build(self, input_shape):
        shape = tuple(input_shape)
        for cell in self.cells:
            if isinstance(cell, Layer) and not cell.built:
                with call_context.scope(self):
                    cell._build_from_shape(shape)
            shape = (shape[0], _output_size(cell))
        self.built = True

    def call(self, inputs, states, training=False):
        states = nest.flatten(states)
        sizes = self.flat_state_sizes
        if len(states) != len(sizes):
            raise ValueError('StackedRNNCells %r: expected %d states (sizes %s), got %d'
                             % (self.name, len(sizes), self.state_size, len(states)))
        new_states = []
        for cell in self.cells:
            count = len(_sizes(cell))
            mine, states = states[:count], states[count:]
            inputs, updated = cell(inputs, mine, training=training)
            new_states.extend(nest.flatten(updated))
        return inputs, self.nest_states(new_states)

    def get_initial_state(self, batch_size=None):
        """Each cell's initial states (its own ``get_initial_state``, else zeros), nested per cell."""
        states = []
        for cell in self.cells:
            if callable(getattr(cell, 'get_initial_state', None)):
                states.append(cell.get_initial_state(batch_size=batch_size))
            elif isinstance(cell.state_size, (list, tuple)):
                states.append([zeros((batch_size, size), self.compute_dtype) for size in cell.state_size])
            else:
                states.append(zeros((batch_size, cell.state_size), self.compute_dtype))
        return states

    def get_config(self):
        config = super().get_config()
        config['cells'] = [serialize(cell) for cell in self.cells]
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        cells = [deserialize(cell, custom_objects) for cell in config.pop('cells')]     # (the given dict's, as Keras 3)
        return cls(cells, **config)
