"""MultiHeadAttention (Vaswani et al., 2017), laid out as Keras 3's layer so
that weights files move both ways: four EinsumDense sublayers whose kernels
are (dim, heads, key_dim) for query and key, (dim, heads, value_dim) for
value and (heads, value_dim, output_dim) for the output projection."""
import math

import numpy as np

from framework import trace_names
from framework.errors import InvalidArgumentError, noted
from framework.losses.tensor_notes import get_keras_mask, set_keras_mask
from framework.keras.ops_nn_extra import dot_product_attention
from framework.keras.einsum_matmul import einsum
from framework.ops import broadcast_to, expand_dims, logical_and, reshape
from framework.ops.shapes import identity

from . import call_context, constraints, initializers, regularizers
from .activation_layers import Softmax
from .attention import as_bool, attention_input, causal_mask, combined_attention_mask
from .attention_equations import attention_equations, partial_shape, projection_equation
from .attention_private_names import KerasPrivateNames
from .dropout import Dropout, check_rate
from .einsum_dense import EinsumDense
from .functional import fanout_gradients
from .functional.keras_tensor import KerasTensor
from .layer import Layer


def _positive_int(value, name, allow_none=False, python_int=False):
    """``value`` as a positive int, else Keras 3's ValueError (its f-string shows a tensor's value).
    ``python_int``: MultiHeadAttention's rule, ``isinstance(value, int)``: True is taken (as 1), a numpy
    integer refused; otherwise numpy integers are taken and bools refused (Embedding's sizes)."""
    if value is None and allow_none:
        return None
    if python_int:
        bad = not isinstance(value, int) or value <= 0
    else:
        bad = isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0
    if bad:
        error = ValueError('Received an invalid value for argument `%s`, expected a positive integer%s. Received: '
                           '%s=%s' % (name, ' or `None`' if allow_none else '', name, format(value)))   # Keras 3's
        error.add_note('MultiHeadAttention: %s is a positive integer' % name)
        raise error
    return int(value)


class MultiHeadAttention(KerasPrivateNames, Layer):
    """Multi-head attention: project query, key and value into ``num_heads``
    heads, attend (softmax of q.k / sqrt(key_dim)), and project back.

    Args:
        num_heads: the number of heads.  key_dim: the size of each query/key head.
        value_dim: the size of each value head (default key_dim).
        dropout: the rate at which attention weights are dropped while training.
        use_bias: whether the projections have biases.
        output_shape: the output's last axes (int or tuple); default the query's last axis.
        attention_axes: the axes attended over (default all but batch, heads and features).
        sliding_window: None, or k: query i sees keys within k - 1 steps of i.
        flash_attention: accepted for compatibility; the computation is the same.
        kernel_* / bias_*, activity_regularizer: for the four projections.
        use_gate: gate the heads with sigmoid(query projection) before the output projection.
        seed: an int for the dropout's own random stream, or None.
    Call arguments:
        query (B, T, dim), value (B, S, dim), key (default value);
        attention_mask (B, T, S): 1 where query t may attend to key s;
        value_mask / key_mask (B, S): default the value's / key's Keras mask;
        query_mask: as in Keras 3.15, always the query's own Keras mask (the
        argument is overridden); masked query steps attend to nothing and
        the output carries the query's mask;
        return_attention_scores: also return the weights (B, heads, T, S);
        use_causal_mask: query t sees keys s <= t only; training: for dropout.
    Raises:
        ValueError: bad sizes or arguments; inputs of rank < 3, or whose sizes
            differ from the built ones; value and key of different lengths.
    """

    supports_masking = True
    # a symbolic call's output carries the query's mask: Keras 3's base compute_mask hands on the first
    # argument's (symbolic_call._give_masks)
    masks_only_handed_on = True

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True, output_shape=None,
                 attention_axes=None, sliding_window=None, flash_attention=None, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, use_gate=False, seed=None, **kwargs):
        self.num_heads = _positive_int(num_heads, 'num_heads', python_int=True)
        self.key_dim = _positive_int(key_dim, 'key_dim', python_int=True)
        self.value_dim = _positive_int(value_dim, 'value_dim', allow_none=True, python_int=True) or self.key_dim
        super().__init__(**kwargs)
        self.dropout, self.use_bias, self.use_gate, self.seed = dropout, bool(use_bias), bool(use_gate), seed
        if output_shape:
            try:
                output_shape = (output_shape,) if isinstance(output_shape, int) else tuple(output_shape)
            except TypeError:       # Keras 3's own words (TF 2.21)
                raise ValueError('Invalid `output_shape`: %s. When specified, the `output_shape` should be of type '
                                 'tuple, list, or int.' % (output_shape,)) from None
        self._output_shape = output_shape or None
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes is not None and not isinstance(attention_axes, (list, tuple)):
            # Keras 3's words (no space after the period, the value by str)
            raise noted(ValueError('`attention_axes` must be an int, list, or tuple.Received: attention_axes=%s'
                                   % (attention_axes,)), 'MultiHeadAttention: attention_axes is an int, list or tuple')
        self.attention_axes = attention_axes      # as given (Keras 3's config keeps a list a list until built)
        if sliding_window is not None and (isinstance(sliding_window, bool) or not isinstance(
                sliding_window, (int, np.integer)) or sliding_window <= 0):
            raise ValueError('`sliding_window` must be `None` or a positive integer. Received: sliding_window=%s'
                             % (sliding_window,))      # Keras 3's
        self.sliding_window = sliding_window
        self.flash_attention = flash_attention
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.sublayer_activity_regularizer = regularizers.get(activity_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(self.key_dim))
        # in Keras 3's order of sublayers (and so of weights and variables): query, key, (gate), value,
        # softmax, dropout (whose seed state Keras lists before the output's weights), output
        self.query_dense = self.key_dense = self._gate_dense = self.value_dense = None
        self._softmax = self._dropout_layer = self.output_dense = None
        self._projections_ready = False

    # ---- building: Keras builds from the query, value and key shapes together --------------
    def build(self, query_shape, value_shape=None, key_shape=None):
        """Create the projections; with only the query's shape (the first call
        of a layer), they are made on that call, when value and key are known."""
        # Keras 3 makes its Dropout sublayer here, before the call: a bad rate is that layer's error, unwrapped
        check_rate(self.dropout, 'MultiHeadAttention: dropout')
        if value_shape is not None:
            self._build_projections(tuple(query_shape), tuple(value_shape),
                                    None if key_shape is None else tuple(key_shape))
            if isinstance(query_shape, list):       # a file's shapes_dict (build_from_config): Keras keeps the lists
                self._shapes_dict = {name: list(shape) for name, shape in self._shapes_dict.items()}
        self.built = True

    def _note_build_call(self, args, kwargs):
        """A symbolic first call has just built the layer from the query's shape: Keras 3 builds it from the
        value's and key's KerasTensors too (its shapes_dict), so the projections are made here, with no call
        run (the outputs come from compute_output_spec). Keras's build errors come bare, before the call's."""
        value = args[0] if args else kwargs.get('value')
        key = args[1] if len(args) > 1 else kwargs.get('key')
        if self._projections_ready or type(value) is not KerasTensor or self._build_input_shape is None:
            return
        query_shape = tuple(self._build_input_shape)
        with self.unlocked_state():
            self._build_projections(query_shape, tuple(value.shape), None if key is None else tuple(key.shape))

    def _build_for(self, inputs, args=(), kwargs=None):
        """An eager first call's build. Keras 3 makes every projection there, from the query's, value's and key's
        shapes, before the call runs; tapeflow's own call makes them on its first run instead, but a subclass's own
        call reads them at once (KerasHub's cached attention: ``self._query_dense(query)``), so they are made here."""
        super()._build_for(inputs, args, kwargs)
        if type(self).call is MultiHeadAttention.call or self._projections_ready:
            return
        kwargs = kwargs or {}
        value = args[0] if args else kwargs.get('value')
        key = args[1] if len(args) > 1 else kwargs.get('key')
        if value is None:           # (no value: the call's own error, as Keras's build needs value_shape too)
            return
        with self.unlocked_state():
            self._build_projections(*build_shapes_of(inputs, value, key))

    def _sublayer_options(self):
        clone = lambda obj, module: module.get(module.serialize(obj)) if obj is not None else None  # noqa: E731
        return dict(kernel_initializer=clone(self.kernel_initializer, initializers),
                    bias_initializer=clone(self.bias_initializer, initializers),
                    kernel_regularizer=self.kernel_regularizer, bias_regularizer=self.bias_regularizer,
                    activity_regularizer=self.sublayer_activity_regularizer,
                    kernel_constraint=self.kernel_constraint, bias_constraint=self.bias_constraint,
                    dtype=self.dtype_policy)

    def _projection(self, shape, heads_dim, name, activation=None):
        equation, bias_axes, rank = projection_equation(len(shape) - 1, 1, 2)
        layer = EinsumDense(equation, partial_shape(rank - 1, [self.num_heads, heads_dim]), activation=activation,
                            bias_axes=bias_axes if self.use_bias else None, name=name, **self._sublayer_options())
        layer._build_from_shape(shape)
        return layer

    def _build_projections(self, query_shape, value_shape, key_shape):
        free_batch = recorded_shape_rule()
        self._shapes_dict = {'query_shape': free_batch(query_shape), 'value_shape': free_batch(value_shape)}
        if key_shape is not None:
            self._shapes_dict['key_shape'] = free_batch(key_shape)
        key_shape = value_shape if key_shape is None else key_shape
        for shape, what in ((query_shape, 'query'), (value_shape, 'value'), (key_shape, 'key')):
            if len(shape) < 3:
                raise ValueError('MultiHeadAttention %r: %s must have rank >= 3 (batch, steps..., features); got '
                                 'shape %s' % (self.name, what, shape))
        if value_shape[1:-1] != key_shape[1:-1]:
            # Keras 3's words, raised by its build before the call: no call banner
            error = ValueError('All dimensions of `value` and `key`, except the last one, must be equal. Received: '
                               'value_shape=%s and key_shape=%s' % (value_shape, key_shape))
            error.add_note('MultiHeadAttention %r' % self.name)
            error._keras_call_info_injected = True
            raise error
        with call_context.scope(self):           # weight paths 'multi_head_attention/query/kernel', ...
            self.query_dense = self._projection(query_shape, self.key_dim, 'query')
            self.key_dense = self._projection(key_shape, self.key_dim, 'key')
            if self.use_gate:
                self._gate_dense = self._projection(query_shape, self.value_dim, 'gate', activation='sigmoid')
            self.value_dense = self._projection(value_shape, self.value_dim, 'value')
            rank = len(query_shape) + 1
            axes = tuple(range(1, rank - 2)) if self.attention_axes is None else \
                tuple(a if a >= 0 else rank - 1 + a for a in self.attention_axes)
            self._axes = axes
            self.attention_axes = axes       # Keras 3 keeps the axes it resolved: configs save [1], not null
            self._scores_equation, self._combine_equation, scores_rank = attention_equations(rank, axes)
            # one such axis is named as Keras's norm axis, which its warning for a single key step prints
            # ('softmax over axis 3 of a tensor of shape (1, 2, 1, 1)'); several: Keras's Softmax over the tuple,
            # exp(x - logsumexp(x, axes)), whose bits differ from a softmax over the flattened axes
            norm_axes = tuple(range(scores_rank - len(axes), scores_rank))
            self._softmax = Softmax(axis=norm_axes[0] if len(axes) == 1 else norm_axes, dtype=self.dtype_policy)
            self._dropout_layer = Dropout(rate=self.dropout, seed=self.seed, dtype=self.dtype_policy)
            out = self._output_shape or (query_shape[-1],)
            equation, bias_axes, out_rank = projection_equation(len(query_shape) - 1, 2, len(out))
            self.output_dense = EinsumDense(equation, partial_shape(out_rank - 1, out), name='attention_output',
                                            bias_axes=bias_axes if self.use_bias else None, **self._sublayer_options())
            self.output_dense._build_from_shape(query_shape[:-1] + (self.num_heads, self.value_dim))
        self._built_shapes = (query_shape[1:], value_shape[1:], key_shape[1:])
        self._projections_ready = True

    # ---- calling ------------------------------------------------------------------------------
    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
             return_attention_scores=False, training=None, use_causal_mask=False):
        # (value is required, as in Keras 3: without it __call__ raises inspect's "missing a required argument")
        for tensor in (query, value, key):
            if call_context.fed_to_build_run(tensor):       # Keras's build run cleared their masks already
                set_keras_mask(tensor, None)
        query_mask = get_keras_mask(query)
        value_mask = get_keras_mask(value) if value_mask is None else value_mask
        if key is not None and key_mask is None:
            key_mask = get_keras_mask(key)
        # As Keras 3, the inputs' masks are cleared here, on the caller's tensors too (this layer applies them
        # itself, and the projections do not warn that they drop them). In a functional model that holds for
        # the rest of the run: layers handed a mask through the graph (a GlobalAveragePooling1D's recorded mask)
        # keep it, but those that read it off their input tensors (Add's OR of masks, a later attention layer's
        # query / value masks) find none: TF 2.21's second block of a masked Transformer encoder attends to the
        # padding (notes progs/layers15/mk7.py)
        for tensor in (query, value, key):
            if get_keras_mask(tensor) is not None:
                set_keras_mask(tensor, None)
        return self._attend_masked(query, value, key, query_mask, value_mask, key_mask, attention_mask,
                                   return_attention_scores, training, use_causal_mask)

    def _attend_masked(self, query, value, key, query_mask, value_mask, key_mask, attention_mask,
                       return_attention_scores, training, use_causal_mask):
        shapes = build_shapes_of(query, value, key)
        value = self._as_input(value, 'value')
        key_given = key is not None
        key = self._as_input(key, 'key') if key_given else value
        if not self._projections_ready:     # (built from the query's shape alone: made on this first call)
            with self.unlocked_state():
                self._build_projections(*shapes)
        self._check_shapes(query, value, key)
        mask = self._compute_attention_mask(query, value, query_mask, value_mask, key_mask, attention_mask,
                                            use_causal_mask)
        gate = self._gate_dense(query) if self.use_gate else None
        if query is value and key is value and gate is None and fanout_gradients.applies():
            # self-attention in a traced train step: the input's gradient is an AddN of the three projections'
            # gradients, which grappler sorts by node name (key, query, value: fanout_gradients.py), so the
            # key and query projections read one identity of it and their gradients add first. Measured on
            # TF 2.21: Dense(4) + MultiHeadAttention(h, h) in a tf.function, 125 of 384 values of h's
            # gradient an ulp off before (progs/modelfuzz2/t_mha_grad3.py)
            query = key = identity(value)
        q, k, v = self.query_dense(query), self.key_dense(key), self.value_dense(value)
        # as Keras 3, positionally: a subclass's own _compute_attention of the older signature (keras.io's
        # locality self-attention takes no return_attention_scores) fails as there, with Python's TypeError
        output, scores = self._compute_attention(q, k, v, mask, training, return_attention_scores)
        output = self.output_dense(output if gate is None else output * gate)
        if query_mask is not None:
            set_keras_mask(output, as_bool(query_mask))
        return (output, scores) if return_attention_scores else output

    def _as_input(self, x, what):
        return attention_input(x, what, self._compute_array_dtype(), 'MultiHeadAttention %r' % self.name)

    def _check_shapes(self, query, value, key):
        built = self._built_shapes
        given = (tuple(query.shape)[1:], tuple(value.shape)[1:], tuple(key.shape)[1:])
        for (name, old, new) in zip(('query', 'value', 'key'), built, given):
            if len(old) != len(new) or old[-1] != new[-1]:
                raise ValueError('MultiHeadAttention %r: %s of shape %s does not fit the layer, built for '
                                 '(batch, %s)' % (self.name, name, (query.shape[0],) + new, ', '.join(map(str, old))))
        if given[1][:-1] != given[2][:-1]:
            raise ValueError('MultiHeadAttention %r: value %s and key %s must agree on every axis but the last'
                             % (self.name, tuple(value.shape), tuple(key.shape)))

    def _compute_attention_mask(self, query, value, query_mask=None, value_mask=None, key_mask=None,
                                attention_mask=None, use_causal_mask=False):
        """Keras 3's: the boolean (B, T, S) mask of allowed query-key pairs, or None. A subclass's call may ask for
        it, and one's own _compute_causal_mask is used, as in Keras."""
        mask = combined_attention_mask(query, value, query_mask, value_mask, key_mask, attention_mask, False,
                                       self.sliding_window)
        if not use_causal_mask:
            return mask
        causal = self._compute_causal_mask(query, value)
        return causal if mask is None else logical_and(mask, causal)

    def _compute_causal_mask(self, query, value=None):
        """Keras 3's: the (1, T, S) boolean lower-triangular mask of a query of T steps over a value of S."""
        return causal_mask(query.shape[1], (query if value is None else value).shape[1])

    def _masked_softmax(self, attention_scores, attention_mask=None):
        """Keras 3's: the Softmax sublayer over the key axes, the (B, T, S) mask given axes for the heads."""
        if attention_mask is not None:
            for _ in range(len(attention_scores.shape) - len(attention_mask.shape)):
                attention_mask = expand_dims(attention_mask, -2 * len(self._axes) - 1)
        return self._softmax(attention_scores, mask=attention_mask)

    def _compute_attention(self, query, key, value, attention_mask=None, training=None,
                           return_attention_scores=False, use_causal_mask=False):
        """(outputs, attention weights) of scaled dot-product attention over the projected heads (B, T, N, H):
        Keras 3's hook, which subclasses override. ``attention_mask``: the (B, T, S) bool mask, causality
        included (``use_causal_mask`` is Keras's signature only: the mask already holds it)."""
        # Keras 3 runs its fused dot_product_attention unless it needs the weights (dropout, returned
        # scores, several attention axes): that path leaves a fully masked query row at 1/n per key,
        # the Softmax layer's path zeroes it.
        fused = not (self.dropout > 0 or return_attention_scores or len(query.shape) != 4)
        mask = attention_mask
        attended = len(self._axes)
        if mask is not None:
            while mask.ndim < len(query.shape) + attended - 1:      # a heads axis for the mask to broadcast over
                mask = expand_dims(mask, -2 * attended - 1)
        if fused:
            # Keras's fused path is keras.ops.dot_product_attention: it scales q.k after the product
            # (the explicit path below scales q first), so the two round apart; no weights come back
            return dot_product_attention(query, key, value, mask=mask, scale=self._inverse_sqrt_key_dim), None
        scores = einsum(self._scores_equation, key, query * self._inverse_sqrt_key_dim)
        if attended > 1:        # Keras's Softmax over the key attention axes (it does not warn)
            weights = self._softmax(scores, mask=mask)
            used = self._dropout_layer(weights, training=training) if self.dropout > 0 else weights
            return einsum(self._combine_equation, used, value), weights
        shape = tuple(scores.shape)
        flat = shape[:len(shape) - attended] + (-1,)
        if mask is not None:
            try:
                mask = reshape(broadcast_to(mask, shape), flat)
            except InvalidArgumentError as error:
                self._softmax(scores, mask=mask)    # Keras hands its Softmax layer the mask as it is: that ValueError
                raise error
        weights = reshape(self._softmax(reshape(scores, flat), mask=mask), shape)
        used = self._dropout_layer(weights, training=training) if self.dropout > 0 else weights
        return einsum(self._combine_equation, used, value), weights

    def compute_output_spec(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None,
                            attention_mask=None, return_attention_scores=False, training=None, use_causal_mask=False):
        """Keras 3's symbolic outputs, from the shapes alone (no call runs on KerasTensors, so an attention_mask
        Input of the wrong shape builds, as in TF 2.21, and fails on data): the scores asked for are
        (batch, num_heads, Tq, Tq), the query's length twice whatever the value's (TF 2.21: (None, 2, 5, 5) for
        a query (None, 5, 8) attending to a value (None, 7, 8)); the scores computed on data are (batch,
        num_heads, Tq, Tv)."""
        output = KerasTensor(self.compute_output_shape(query.shape, value.shape, None if key is None else key.shape),
                             self.compute_dtype)
        if not return_attention_scores:
            return output
        length = query.shape[1]
        return output, KerasTensor((query.shape[0], self.num_heads, length, length), self.compute_dtype)

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        # Keras 3's signature, check and words: value_shape is required (None is tuple()'s TypeError)
        query_shape = tuple(query_shape)
        value_shape = tuple(value_shape)
        key_shape = value_shape if key_shape is None else tuple(key_shape)
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError('All dimensions of `value` and `key`, except the last one, must be equal. '
                             'Received: value_shape=%s and key_shape=%s' % (value_shape, key_shape))
        if self._output_shape:
            return query_shape[:-1] + tuple(self._output_shape)
        return query_shape

    def get_build_config(self):
        """Keras 3's form for a build from several shapes: {'shapes_dict': {'query_shape': ..., ...}}."""
        return {'shapes_dict': self._shapes_dict} if self._projections_ready else None

    def get_config(self):
        config = super().get_config()
        config.update({
            'num_heads': self.num_heads, 'key_dim': self.key_dim, 'value_dim': self.value_dim,
            'dropout': self.dropout, 'use_bias': self.use_bias, 'use_gate': self.use_gate,
            'output_shape': self._output_shape, 'attention_axes': self.attention_axes,
            'sliding_window': self.sliding_window,
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


def build_shapes_of(query, value, key):
    """The (query, value, key or None) shapes an attention layer's first call builds from, as Keras 3's build
    sees them: on a symbolic call the KerasTensors' (None where an Input leaves a length open: TF 2.21 records
    'value_shape': (None, None, 6) in get_build_config and a saved file's config, and prints it in a shape
    error), not the lengths of the zeros that stand for them here; on data the arrays' shapes."""
    return tuple(None if x is None else _shape_as_built(x) for x in (query, value, key))


def _shape_as_built(tensor):
    entry = trace_names.entry_of(tensor)
    if entry is not None and entry[1] is not None and len(entry[1]) == len(tensor.shape):
        return tuple(entry[1])
    return tuple(tensor.shape)


def recorded_shape_rule():
    """How Keras 3 records an attention layer's build shapes (get_build_config's shapes_dict): a call's as
    tuples, the batch kept for an eager call ((2, 5, 4)) and None where Keras builds for any batch (a
    symbolic call, a traced step: call_context.builds_for_any_batch); build turns a file's back to lists."""
    any_batch = call_context.builds_for_any_batch()
    return lambda shape: ((None,) if any_batch else tuple(shape[:1])) + tuple(shape[1:])
