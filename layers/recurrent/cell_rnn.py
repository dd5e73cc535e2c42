"""What SimpleRNN, LSTM and GRU share: they build their own cell from their
arguments, show its settings as their own, and flatten its config into theirs."""
from .. import policy_sharing
from . import config_order
from .rnn import RNN

# The objects a layer's config shows that are its cell's own.
_CELL_OBJECTS = ('kernel_initializer', 'recurrent_initializer', 'bias_initializer', 'kernel_regularizer',
                 'recurrent_regularizer', 'bias_regularizer', 'kernel_constraint', 'recurrent_constraint',
                 'bias_constraint')

def cell_property(name):
    """A read-only attribute of the layer that reads the cell's."""
    return property(lambda self: getattr(self.cell, name), doc='The cell\'s ``%s``.' % name)


class CellRNN(RNN):
    """An RNN made from its own cell; ``get_config`` holds the cell's arguments
    (not the cell), so ``from_config`` calls the constructor again."""
    # The cell settings Keras shows on the layer (``lstm.units`` ...).
    units = cell_property('units')
    activation = cell_property('activation')
    use_bias = cell_property('use_bias')
    kernel_initializer = cell_property('kernel_initializer')
    recurrent_initializer = cell_property('recurrent_initializer')
    bias_initializer = cell_property('bias_initializer')
    kernel_regularizer = cell_property('kernel_regularizer')
    recurrent_regularizer = cell_property('recurrent_regularizer')
    bias_regularizer = cell_property('bias_regularizer')
    kernel_constraint = cell_property('kernel_constraint')
    recurrent_constraint = cell_property('recurrent_constraint')
    bias_constraint = cell_property('bias_constraint')
    dropout = cell_property('dropout')
    keras_config_keys = config_order.SIMPLE_RNN     # LSTM and GRU list their own
    recurrent_dropout = cell_property('recurrent_dropout')

    def __init__(self, cell, use_cudnn='auto', **kwargs):
        super().__init__(cell, **kwargs)
        if use_cudnn not in ('auto', True, False):
            # Keras 3's text, its typo ('valid') included; the set's order as TF 2.21 prints it
            error = ValueError("Invalid valid received for argument `use_cudnn`. Expected one of {'auto', True, False}. "
                               'Received: use_cudnn=%s' % (use_cudnn,))
            error.add_note("%s %r: use_cudnn is 'auto', True or False" % (type(self).__name__, self.name))
            raise error
        if use_cudnn is True:
            raise ValueError("%s %r: use_cudnn=True was specified, but there is no cuDNN path here; "
                             "pass use_cudnn='auto'" % (type(self).__name__, self.name))
        self.use_cudnn = use_cudnn

    def get_config(self):
        config = super().get_config()
        cell = config.pop('cell')
        cell_config = self.cell.get_config()
        for key in ('name', 'trainable', 'dtype'):
            cell_config.pop(key)
        config.update(cell_config)
        config['activity_regularizer'] = config.get('activity_regularizer')
        if policy_sharing.is_recording():
            # Keras serializes these objects twice, in the layer's config and then its cell's
            # (dropped after), so a .keras file marks them as objects shared with the cell.
            for key in _CELL_OBJECTS:
                if isinstance(config.get(key), dict) and getattr(self.cell, key, None) is not None:
                    config[key]['shared_object_id'] = id(getattr(self.cell, key))
        config = config_order.in_keras_order(config, self.keras_config_keys)
        # Keras serialized the cell (its dtype policy included) before the layer's own dtype.
        return policy_sharing.with_dropped_config(config, cell)

    @classmethod
    def from_config(cls, config):
        return cls(**config)

