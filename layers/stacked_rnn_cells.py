"""StackedRNNCells (Keras 3): several recurrent cells run as one, each feeding the next."""
from framework.ops import zeros

from . import call_context
from .layer import Layer
from .serialization import deserialize, serialize


def _sizes(cell):
    sizes = cell.state_size
    return list(sizes) if isinstance(sizes, (list, tuple)) else [sizes]


def _output_size(cell):
    size = getattr(cell, 'output_size', None)
    return size if size is not None else _sizes(cell)[0]


class StackedRNNCells(Layer):
    """One step of ``cells`` in turn: each cell's output is the next cell's input,
    and the last cell's output is the stack's. Give it to ``RNN``.

    ``state_size`` lists every cell's states in order, flat (Keras nests them per
    cell: [3, [2, 2]] for a SimpleRNNCell(3) and an LSTMCell(2) is [3, 2, 2]
    here), so ``call`` takes and returns that flat list and ``RNN(...,
    return_state=True)`` returns the states flat, one tensor each.

    Raises:
        ValueError: a cell without a ``call`` method or a ``state_size``.
    """

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(cells, (list, tuple)):
            raise TypeError('StackedRNNCells %r: `cells` must be a list of RNN cells, got %r' % (self.name, cells))
        cells = list(cells)
        for cell in cells:
            if not callable(getattr(cell, 'call', None)) or getattr(cell, 'state_size', None) is None:
                raise ValueError('StackedRNNCells %r: all cells must have a `call` method and a `state_size` '
                                 'attribute; received %r' % (self.name, cell))
        if not cells:
            raise ValueError('StackedRNNCells %r: expected a non-empty list of cells' % self.name)
        self.cells = cells

    @property
    def state_size(self):
        return [size for cell in self.cells for size in _sizes(cell)]

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
        states = list(states) if isinstance(states, (list, tuple)) else [states]
        if len(states) != len(self.state_size):
            raise ValueError('StackedRNNCells %r: expected %d states (sizes %s), got %d'
                             % (self.name, len(self.state_size), self.state_size, len(states)))
        new_states = []
        for cell in self.cells:
            count = len(_sizes(cell))
            mine, states = states[:count], states[count:]
            inputs, updated = cell(inputs, mine, training=training)
            new_states.extend(updated if isinstance(updated, (list, tuple)) else [updated])
        return inputs, new_states

    def get_initial_state(self, batch_size=None):
        """Each cell's zero states, flat."""
        return [zeros((batch_size, size), self.dtype) for size in self.state_size]

    def get_config(self):
        config = super().get_config()
        config['cells'] = [serialize(cell) for cell in self.cells]
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        cells = [deserialize(cell, custom_objects) for cell in config.pop('cells')]
        return cls(cells, **config)
