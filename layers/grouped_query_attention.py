"""keras.layers.GroupQueryAttention (Keras 3): attention whose key/value heads each serve a group of query heads.

Laid out as Keras's layer, so weights files move both ways: EinsumDense projections 'query'
(dim, query_heads, head_dim), 'key' and 'value' (dim, kv_heads, head_dim), an optional
sigmoid 'gate' like 'query', and 'attention_output' (query_heads, head_dim, dim). Keys and
values are repeated to the query heads. As Keras, the scores take two routes: with dropout or
``return_attention_scores``, the Softmax layer on ``(q / sqrt(head_dim)) . k`` with its mask;
otherwise ``keras.ops.dot_product_attention`` (scale after the product, masked logits at
-0.7 * float32 max), which differs from the first in the last bits.
"""
import math

from framework.losses.tensor_notes import get_keras_mask, set_keras_mask
from framework.keras.einsum_matmul import einsum
from framework.ops import cast, expand_dims, repeat

from . import call_context, constraints, initializers, naming, regularizers
from .activation_layers import Softmax
from .attention import as_bool, attention_input, causal_mask, combined_attention_mask
from .dropout import Dropout
from .einsum_dense import EinsumDense
from .functional.keras_tensor import KerasTensor
from .layer import Layer
from .multi_head_attention import build_shapes_of, recorded_shape_rule


class GroupQueryAttention(Layer):
    """Grouped-query attention (Ainslie et al., 2023).

    Args (Keras 3.15's): head_dim, num_query_heads, num_key_value_heads (dividing num_query_heads),
        dropout, use_bias, sliding_window (None or k: query i sees keys within k - 1 steps),
        flash_attention (accepted; computed the same), kernel_* / bias_* / activity_regularizer
        for the projections, use_gate, seed (the dropout's own stream).
    Call arguments: query (B, T, dim), value (B, S, dim), key (default value), query_mask /
        value_mask / key_mask (default the inputs' Keras masks), attention_mask (B, T, S),
        return_attention_scores ((B, query_heads, T, S) too), training, use_causal_mask.
    Raises:
        ValueError: heads that do not divide, a bad sliding_window, or inputs whose last axes differ.
    """

    supports_masking = True
    # a symbolic call's output carries the query's mask: Keras 3's base compute_mask hands on the first
    # argument's (symbolic_call._give_masks)
    masks_only_handed_on = True
    _keras_class_name = 'GroupedQueryAttention'       # the name Keras's class has (and its files' paths take)

    def __init__(self, head_dim, num_query_heads, num_key_value_heads, dropout=0.0, use_bias=True,
                 sliding_window=None, flash_attention=None, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, use_gate=False, seed=None, **kwargs):
        # Keras's class is GroupedQueryAttention, exported as GroupQueryAttention: its names come from the former
        # (a subclass of it is named after its own class, as Keras names any layer)
        if not kwargs.get('name') and type(self) is GroupQueryAttention:
            kwargs['name'] = naming.unique_name('grouped_query_attention')
        super().__init__(**kwargs)
        self.head_dim, self.num_query_heads, self.num_key_value_heads = head_dim, num_query_heads, num_key_value_heads
        if num_query_heads % num_key_value_heads != 0:
            raise ValueError('`num_query_heads` must be divisible by `num_key_value_heads`.')
        self.num_repeats = num_query_heads // num_key_value_heads
        self.dropout, self.use_bias, self.use_gate = dropout, use_bias, use_gate
        if sliding_window is not None and (isinstance(sliding_window, bool) or not isinstance(sliding_window, int)
                                           or sliding_window <= 0):
            raise ValueError('`sliding_window` must be `None` or a positive integer. Received: sliding_window=%s'
                             % (sliding_window,))
        self.sliding_window = sliding_window
        self._flash_attention = flash_attention
        if flash_attention and dropout > 0.0:
            raise ValueError('Dropout is not supported when flash attention is enabled. Please set dropout to 0.0 '
                             'to use flash attention.')
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.sublayer_activity_regularizer = regularizers.get(activity_regularizer)
        # Keras 3's GQA sets its own activity_regularizer too (MultiHeadAttention does not): TF 2.21 adds a loss
        # on the layer's output as well as on each projection's
        self.activity_regularizer = self.sublayer_activity_regularizer
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.seed = seed
        self._inverse_sqrt_head_dim = 1.0 / math.sqrt(float(head_dim))
        self._projections_ready = False

    # ---- building -------------------------------------------------------------------------------
    def build(self, query_shape, value_shape=None, key_shape=None):
        if value_shape is not None:
            self._build_projections(tuple(query_shape), tuple(value_shape),
                                    None if key_shape is None else tuple(key_shape))
            if isinstance(query_shape, list):       # a file's shapes_dict (build_from_config): Keras keeps the lists
                self._shapes_dict = {name: list(shape) for name, shape in self._shapes_dict.items()}
        self.built = True

    def _note_build_call(self, args, kwargs):
        """A symbolic first call has just built the layer from the query's shape: Keras 3 builds it from the
        value's and key's KerasTensors too, so the projections are made here, with no call run (the outputs
        come from compute_output_spec)."""
        value = args[0] if args else kwargs.get('value')
        key = args[1] if len(args) > 1 else kwargs.get('key')
        if self._projections_ready or type(value) is not KerasTensor or self._build_input_shape is None:
            return
        with self.unlocked_state():
            self._build_projections(tuple(self._build_input_shape), tuple(value.shape),
                                    None if key is None else tuple(key.shape))

    def _dense(self, equation, output_shape, bias_axes, name, shape, activation=None):
        clone = lambda obj, module: module.get(module.serialize(obj))  # noqa: E731  (a fresh initializer each)
        layer = EinsumDense(equation, output_shape, activation=activation,
                            bias_axes=bias_axes if self.use_bias else None, name=name,
                            kernel_initializer=clone(self.kernel_initializer, initializers),
                            bias_initializer=clone(self.bias_initializer, initializers),
                            kernel_regularizer=self.kernel_regularizer, bias_regularizer=self.bias_regularizer,
                            activity_regularizer=self.sublayer_activity_regularizer,
                            kernel_constraint=self.kernel_constraint, bias_constraint=self.bias_constraint,
                            dtype=self.dtype_policy)
        layer._build_from_shape(shape)
        return layer

    def _build_projections(self, query_shape, value_shape, key_shape):
        free_batch = recorded_shape_rule()
        self._shapes_dict = {'query_shape': free_batch(query_shape), 'value_shape': free_batch(value_shape)}
        if key_shape is not None:
            self._shapes_dict['key_shape'] = free_batch(key_shape)
        key_shape = value_shape if key_shape is None else key_shape
        heads, kv_heads, dim = self.num_query_heads, self.num_key_value_heads, self.head_dim
        with call_context.scope(self):       # weight paths 'grouped_query_attention/query/kernel', ...
            self._query_dense = self._dense('bqm,muh->bquh', (None, heads, dim), 'uh', 'query', query_shape)
            self._key_dense = self._dense('bkm,mvh->bkvh', (None, kv_heads, dim), 'vh', 'key', key_shape)
            self._gate_dense = self._dense('bqm,muh->bquh', (None, heads, dim), 'uh', 'gate', query_shape,
                                           activation='sigmoid') if self.use_gate else None
            self._value_dense = self._dense('bkm,mvh->bkvh', (None, kv_heads, dim), 'vh', 'value', value_shape)
            self._softmax = Softmax(axis=-1, dtype=self.dtype_policy)
            self._dropout_layer = Dropout(rate=self.dropout, seed=self.seed, dtype=self.dtype_policy)
            self.feature_dim = query_shape[-1]
            self._output_dense = self._dense('bquh,uhm->bqm', (None, self.feature_dim), 'm', 'attention_output',
                                             (None, None, heads, dim))
        self._projections_ready = True

    # ---- calling --------------------------------------------------------------------------------
    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
             return_attention_scores=False, training=None, use_causal_mask=False):
        # Keras 3 passes each input's Keras mask as its *_mask argument when that is not given
        query_mask = get_keras_mask(query) if query_mask is None else query_mask
        value_mask = get_keras_mask(value) if value_mask is None else value_mask
        if key is not None and key_mask is None:
            key_mask = get_keras_mask(key)
        if call_context.probing():
            # Keras 3 infers a symbolic call's outputs with compute_output_spec, running no projection: the
            # zeros standing for masked KerasTensors shed their masks, so the projections warn of none
            for tensor in (query, value, key):
                if tensor is not None and get_keras_mask(tensor) is not None:
                    set_keras_mask(tensor, None)
        shapes = build_shapes_of(query, value, key)       # (a symbolic call's KerasTensor shapes)
        query, value = self._as_input(query, 'query'), self._as_input(value, 'value')
        key_given = key is not None
        key = self._as_input(key, 'key') if key_given else value
        # Keras 3 checks the shapes in compute_output_shape: on a symbolic call of this layer, not eagerly (TF 2.21
        # attends a value narrower than the query; other sizes fail in its projections or einsums) nor inside
        # another layer's symbolic call (which runs the call itself)
        if call_context.probing() and len(call_context.STATE.stack) == 1:
            shape = recorded_shape_rule()
            self.compute_output_shape(*(None if s is None else shape(s) for s in shapes))
        if not self._projections_ready:     # (built from the query's shape alone: made on this first call)
            with self.unlocked_state():
                self._build_projections(*shapes)
        causal_only = (use_causal_mask and query_mask is None and value_mask is None and key_mask is None
                       and attention_mask is None and self.sliding_window is None)
        mask = None if causal_only else self._attention_mask(query, value, query_mask, value_mask, key_mask,
                                                             attention_mask, use_causal_mask)
        gate = self._gate_dense(query) if self.use_gate else None
        q = self._query_dense(query)
        k = repeat(self._key_dense(key), self.num_repeats, axis=2)       # (B, S, query heads, head_dim)
        v = repeat(self._value_dense(value), self.num_repeats, axis=2)
        output, scores = self._attend(q, k, v, mask, training, causal_only, return_attention_scores)
        output = self._output_dense(output if gate is None else output * gate)
        if query_mask is not None:
            set_keras_mask(output, as_bool(query_mask))
        return (output, scores) if return_attention_scores else output

    def _as_input(self, x, what):
        x = attention_input(x, what, self._compute_array_dtype(), 'GroupQueryAttention %r' % self.name)
        if x.ndim != 3:
            raise ValueError('GroupQueryAttention %r: %s must have rank 3 (batch, steps, features); got shape %s'
                             % (self.name, what, tuple(x.shape)))
        return x

    def _attention_mask(self, query, value, query_mask, value_mask, key_mask, attention_mask, use_causal_mask):
        return combined_attention_mask(query, value, query_mask, value_mask, key_mask, attention_mask,
                                       use_causal_mask, self.sliding_window)

    def _attend(self, query, key, value, mask, training, causal_only, return_scores):
        if mask is not None:
            mask = as_bool(mask)
            while mask.ndim < 4:                  # a heads axis for the mask to broadcast over
                mask = expand_dims(mask, -3)
        if not (self.dropout > 0.0 or return_scores):
            from framework.keras.ops_nn_extra import dot_product_attention
            return dot_product_attention(query, key, value, mask=mask, scale=self._inverse_sqrt_head_dim,
                                         is_causal=causal_only), None
        if causal_only:
            mask = expand_dims(causal_mask(query.shape[1], value.shape[1]), -3)
        scores = einsum('bquh,bkuh->buqk', query * cast(self._inverse_sqrt_head_dim, query.dtype), key)
        scores = self._softmax(scores, mask=mask)
        used = self._dropout_layer(scores, training=training) if self.dropout > 0.0 else scores
        return einsum('buqk,bkuh->bquh', used, value), scores

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        # Keras 3's signature, checks and words; its shapes unconverted (a list prints as one; a None value_shape
        # is its TypeError ''NoneType' object is not subscriptable')
        if key_shape is None:
            key_shape = value_shape
        if query_shape[-1] != value_shape[-1]:
            raise ValueError('The last dimension of `query_shape` and `value_shape` must be equal, but are '
                             '%s, %s. Received: query_shape=%s, value_shape=%s'
                             % (query_shape[-1], value_shape[-1], query_shape, value_shape))
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError('All dimensions of `value` and `key`, except the last one, must be equal. '
                             'Received: value_shape=%s and key_shape=%s' % (value_shape, key_shape))
        return tuple(query_shape)

    def compute_output_spec(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None,
                            attention_mask=None, return_attention_scores=False, training=None, use_causal_mask=False):
        """Keras 3's symbolic outputs, from the shapes alone (no call runs on KerasTensors: an attention_mask Input
        of the wrong shape builds, as in TF 2.21, and fails on data); scores (batch, query heads, Tq, Tkv)."""
        output = KerasTensor(self.compute_output_shape(query.shape, value.shape, None if key is None else key.shape),
                             self.compute_dtype)
        if not return_attention_scores:
            return output
        length = value.shape[1] if key is None else key.shape[1]
        return output, KerasTensor((query.shape[0], self.num_query_heads, query.shape[1], length), self.compute_dtype)

    def get_build_config(self):
        return {'shapes_dict': self._shapes_dict} if self._projections_ready else None

    def get_config(self):
        config = super().get_config()
        config.update({
            'head_dim': self.head_dim, 'num_query_heads': self.num_query_heads,
            'num_key_value_heads': self.num_key_value_heads, 'use_bias': self.use_bias, 'use_gate': self.use_gate,
            'sliding_window': self.sliding_window, 'dropout': self.dropout,
            'kernel_initializer': initializers.serialize(self.kernel_initializer),
            'bias_initializer': initializers.serialize(self.bias_initializer),
            'kernel_regularizer': regularizers.serialize(self.kernel_regularizer),
            'bias_regularizer': regularizers.serialize(self.bias_regularizer),
            'activity_regularizer': regularizers.serialize(self.sublayer_activity_regularizer),
            'kernel_constraint': constraints.serialize(self.kernel_constraint),
            'bias_constraint': constraints.serialize(self.bias_constraint),
            'seed': self.seed,
        })
        return config


# Keras's Python class is GroupedQueryAttention (exported as GroupQueryAttention): Python's own argument errors
# name it, 'GroupedQueryAttention.__init__() missing 1 required positional argument: ...' on TF 2.21, as does
# __qualname__. Only the qualified names change: __name__ stays the exported one that saving relies on.
GroupQueryAttention.__qualname__ = 'GroupedQueryAttention'
for _method in [m for m in vars(GroupQueryAttention).values() if callable(m) and hasattr(m, '__qualname__')]:
    while _method is not None:      # and the body Layer's build wrapper runs (its __wrapped__)
        _method.__qualname__ = 'GroupedQueryAttention.' + _method.__name__
        _method = getattr(_method, '__wrapped__', None)
