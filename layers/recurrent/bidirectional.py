"""Bidirectional: one recurrent layer forwards, a copy of it backwards, outputs merged."""
from framework.ops import cast, concat, reverse

from .. import call_context
from ..layer import Layer
from ..serialization import deserialize, serialize, wrapped_type_errors
from .initial_state_build import InitialStateBuildConfig

_MERGE_MODES = ('sum', 'mul', 'ave', 'concat', None)


def _copy(layer, name, **changes):
    """A new layer with ``layer``'s config, renamed and changed. Keras 3 makes it by serializing
    ``layer`` and deserializing the result, which builds it (where it is made, in no layer's
    name scope) when ``layer`` was built: a reloaded Bidirectional's weights are
    'forward_gru/gru_cell/kernel', not 'bidirectional/forward_gru/...'."""
    config = layer.get_config()
    config.update(changes, name=name)
    shown = serialize(layer)      # (a layer that takes no go_backwards: Keras's TypeError shows this)
    shown['config'].update(changes, name=name)
    if _pops_cell(type(layer)):
        shown['config'].pop('cell', None)   # Keras's RNN.from_config pops it from the dict its error shows
    with wrapped_type_errors(type(layer), shown):
        copy = type(layer).from_config(config)
    build_config = layer.get_build_config() if layer.built else None
    if build_config and build_config.get('input_shape') is not None:
        copy._build_from_shape(tuple(build_config['input_shape']))
    return copy


def _pops_cell(cls):
    from .rnn import RNN
    return getattr(cls.from_config, '__func__', None) is RNN.from_config.__func__


def _strip(name, prefix):
    return name[len(prefix):] if name.startswith(prefix) else name


class Bidirectional(InitialStateBuildConfig, Layer):
    """Run ``layer`` over the sequence and a copy with go_backwards flipped,
    then merge the two outputs (Keras 3's wrapper).

    ``layer`` itself is not used: as in Keras, a forward copy named
    'forward_<name>' and a backward one named 'backward_<name>' are made from
    its config. With return_sequences the backward outputs are put back in
    time order before merging. The weights are the forward layer's, then the
    backward layer's.

    Args:
        layer: an RNN layer (SimpleRNN, LSTM, GRU, RNN).
        merge_mode: 'concat' (default), 'sum', 'mul', 'ave', or None (a tuple
            (forward, backward)).
        weights: initial weights (forward then backward), set when built.
        backward_layer: the layer to run backwards, instead of a copy.
    Raises:
        ValueError: a bad merge_mode, a layer that is not a Layer, or forward
            and backward layers that disagree (same go_backwards, different
            return_sequences / return_state).

    A mask (the input's, or ``mask=``) goes to both layers; with
    return_sequences their masked steps output zeros (Keras sets
    zero_output_for_mask so), and the merged output carries the mask.
    """
    supports_masking = True

    def __init__(self, layer, merge_mode='concat', weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            from ..serialization import _keras_class_text    # (serialization imports the layers)
            # Keras's f-string: a class by its keras.src path (Bidirectional(keras.layers.LSTM)), a tensor by value
            raise ValueError('Please initialize `Bidirectional` layer with a `keras.layers.Layer` instance. Received: %s'
                             % format(_keras_class_text(layer)))
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError('`backward_layer` need to be a `keras.layers.Layer` instance. Received: %s'
                             % (backward_layer,))       # Keras 3's text
        if merge_mode not in _MERGE_MODES:
            error = ValueError('Invalid merge mode. Received: %s. Merge mode should be one of {"sum", "mul", "ave", '
                               '"concat", None}' % (merge_mode,))          # Keras 3's text
            error.add_note('Bidirectional: merge_mode %r is unknown' % (merge_mode,))
            raise error
        super().__init__(**kwargs)
        self.forward_layer = _copy(layer, 'forward_' + _strip(layer.name, 'forward_'))
        if backward_layer is None:
            backward_layer = _copy(layer, 'backward_' + _strip(layer.name, 'backward_'), go_backwards=True)
        self.backward_layer = backward_layer
        forward, backward = self.forward_layer, self.backward_layer
        if forward.go_backwards == backward.go_backwards:
            error = ValueError('Forward layer and backward layer should have different `go_backwards` value. '
                               'Received: forward_layer.go_backwards %s, backward_layer.go_backwards=%s'
                               % (forward.go_backwards, backward.go_backwards))        # Keras 3's text
            error.add_note('Bidirectional %r: the backward layer runs the other way (go_backwards)' % (self.name,))
            raise error
        for attribute in ('stateful', 'return_sequences', 'return_state'):
            if getattr(forward, attribute) != getattr(backward, attribute):
                error = ValueError('Forward layer and backward layer are expected to have the same value for '
                                   'attribute "%s", got "%s" for forward layer and "%s" for backward layer'
                                   % (attribute, getattr(forward, attribute), getattr(backward, attribute)))
                error.add_note('Bidirectional %r: the forward and backward layers must agree on %s'
                               % (self.name, attribute))
                raise error
        for each in (forward, backward):
            if hasattr(each, 'zero_output_for_mask'):      # Keras ties it to return_sequences here
                each.zero_output_for_mask = each.return_sequences
        self.merge_mode = merge_mode
        self.stateful = forward.stateful
        self.return_sequences = forward.return_sequences
        self.return_state = forward.return_state
        self.input_spec = layer.input_spec
        self._initial_weights = list(weights) if weights else None

    def build(self, sequences_shape, initial_state_shape=None):
        with call_context.scope(self):
            for layer in (self.forward_layer, self.backward_layer):
                if not layer.built:
                    # (a dict's shapes as they are: Keras 3's RNN build fails on them, KeyError 0)
                    layer._build_from_shape(sequences_shape if isinstance(sequences_shape, dict)
                                            else tuple(sequences_shape))
        self.built = True
        if self._initial_weights is not None:
            self.set_weights(self._initial_weights)
            self._initial_weights = None

    def call(self, sequences, initial_state=None, mask=None, training=None):
        forward_state = backward_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            forward_state, backward_state = list(initial_state[:half]), list(initial_state[half:])
        y = self.forward_layer(sequences, initial_state=forward_state, mask=mask, training=training)
        y_rev = self.backward_layer(sequences, initial_state=backward_state, mask=mask, training=training)
        states = ()
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        # Keras 3 casts both outputs to the wrapper's compute dtype (Bidirectional(LSTM(2), dtype='mixed_float16'):
        # a float32 LSTM's outputs come back float16)
        y, y_rev = cast(y, self.compute_dtype), cast(y_rev, self.compute_dtype)
        if self.return_sequences:
            y_rev = reverse(y_rev, [1])
        output = self._merge(y, y_rev)
        if self.return_state:
            return (tuple(output) if self.merge_mode is None else (output,)) + states
        return output

    def reset_state(self):
        """Zero both layers' kept states.

        Raises:
            AttributeError: the layers are not stateful (Keras 3's class and words).
        """
        if not self.stateful:
            raise AttributeError('Layer must be stateful.')        # Keras 3's words
        self.forward_layer.reset_state()
        self.backward_layer.reset_state()

    def reset_states(self):
        """The Keras 2 spelling, kept by Keras 3 as its own method (errors name it)."""
        self.reset_state()

    @property
    def states(self):
        """The forward then the backward layer's kept states (a tuple), or None when not stateful or not built."""
        forward, backward = getattr(self.forward_layer, 'states', None), getattr(self.backward_layer, 'states', None)
        return tuple(forward + backward) if forward and backward else None

    masks_only_handed_on = True     # compute_mask makes no mask of its own (symbolic_masks.give_masks)

    def compute_mask(self, inputs, mask=None):
        """The input mask for sequence outputs (one per output with merge_mode=None), None otherwise."""
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        if self.return_sequences:
            output_mask = (mask, mask) if self.merge_mode is None else mask      # (tuples, as Keras 3's)
        else:
            output_mask = (None, None) if self.merge_mode is None else None
        if self.return_state and self.states is not None:
            # Keras 3's compute_mask multiplies a generator of the states' masks by 2 here, so on TF 2.21 every
            # call of a stateful Bidirectional with return_state fails so (eager and symbolic)
            raise TypeError("unsupported operand type(s) for *: 'generator' and 'int'")
        # (without kept states Keras gives the outputs' masks alone, even with return_state: its __call__
        # pairs them with the first outputs, so the states carry none)
        return output_mask

    def _merge(self, y, y_rev):
        mode = self.merge_mode
        if mode == 'concat':
            return concat([y, y_rev], -1)
        if mode == 'sum':
            return y + y_rev
        if mode == 'ave':
            return (y + y_rev) / 2
        if mode == 'mul':
            return y * y_rev
        return (y, y_rev)

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        shape = self.forward_layer.compute_output_shape(sequences_shape)
        state_shapes = ()
        if self.return_state:
            shape, state_shapes = shape[0], tuple(shape[1:])
        if self.merge_mode == 'concat':
            shape = tuple(shape[:-1]) + (None if shape[-1] is None else 2 * shape[-1],)
        elif self.merge_mode is None:
            shape = (shape, shape)
        if self.return_state:
            head = tuple(shape) if self.merge_mode is None else (shape,)
            return head + state_shapes + state_shapes
        return shape

    def get_config(self):
        config = super().get_config()
        config.update({'merge_mode': self.merge_mode, 'layer': serialize(self.forward_layer),
                       'backward_layer': serialize(self.backward_layer)})
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config['layer'] = deserialize(config['layer'], custom_objects)
        backward = config.pop('backward_layer', None)
        if backward is not None:
            config['backward_layer'] = deserialize(backward, custom_objects)
        return cls(**config)
