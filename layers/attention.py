"""Attention: dot-product (Luong-style) or concat (Bahdanau-style) attention."""
from framework.ops import (abs as absolute, cast, convert_to_tensor, expand_dims, greater_equal, less, logical_and,
                           logical_not, matmul, reduce_sum, reshape, softmax, tanh, transpose, where)
from framework.ops import range as arange

from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator
from framework.keras.softmax_axis_warning import warn_if_one_class

from .functional.keras_tensor import KerasTensor, is_keras_tensor
from .functional.symbolic_ops import record_op
from .layer import Layer
from .training_flag import training_is_on

_LARGE = 1.0e9          # subtracted from masked scores (65504 in float16, as Keras)


def causal_mask(query_length, key_length):
    """A (1, T, S) boolean mask, True where query step t may see key step s (s <= t)."""
    rows = reshape(arange(query_length), (1, query_length, 1))
    cols = reshape(arange(key_length), (1, 1, key_length))
    return greater_equal(rows, cols)


def as_bool(mask):
    """A mask (boolean, 0/1 numbers, array or tensor) as a boolean tensor."""
    mask = convert_to_tensor(mask)
    return mask if mask.dtype.name == 'bool' else cast(mask, 'bool')


def combined_attention_mask(query, value, query_mask, value_mask, key_mask, attention_mask, use_causal_mask,
                            sliding_window=None):
    """The boolean (B, T, S) mask of allowed query-key pairs, or None: Keras 3's rules for
    MultiHeadAttention and GroupQueryAttention (the attention_mask, the query mask over T, the
    value and key masks over S, causality, a sliding window, all and-ed)."""
    found = [] if attention_mask is None else [as_bool(attention_mask)]
    if query_mask is not None:
        found.append(expand_dims(as_bool(query_mask), -1))               # (B, T, 1)
    for mask in (value_mask, key_mask):
        if mask is not None:
            found.append(expand_dims(as_bool(mask), -2))                 # (B, 1, S)
    t, s = query.shape[1], value.shape[1]
    if use_causal_mask:
        found.append(causal_mask(t, s))
    if sliding_window is not None:
        gap = absolute(reshape(arange(t), (1, t, 1)) - reshape(arange(s), (1, 1, s)))
        found.append(less(gap, sliding_window))
    if not found:
        return None
    out = found[0]
    for mask in found[1:]:
        out = logical_and(out, mask)
    return out


def attention_input(x, what, dtype, who):
    """``x`` (query, value or key: ``what``) as a tensor of the layer's float ``dtype``; ``who`` names
    the layer in the error for what is no tensor or array."""
    try:
        x = convert_to_tensor(x)
    except (TypeError, ValueError) as err:
        raise TypeError('%s: %s must be a tensor or array: %s' % (who, what, err)) from None
    if x._data.dtype.kind != 'f' or x.dtype != dtype:
        x = cast(x, dtype)
    return x


class Attention(Layer):
    """Attention over [query, value] or [query, value, key] (key defaults to value).

    scores = query @ key^T ('dot', times ``scale`` if use_scale), or
    concat_score_weight * sum(tanh(scale * (query + key)), -1) ('concat');
    weights = softmax(scores) over the value steps; output = weights @ value.
    No 1/sqrt(dim) factor: that is MultiHeadAttention's.

    Args:
        use_scale: learn a scalar ``scale`` (initially 1) multiplying the scores.
        score_mode: 'dot' or 'concat' (adds the scalar ``concat_score_weight``).
        dropout: the rate at which attention weights are dropped while training.
        seed: an int for the dropout's own random stream, or None.
    Call arguments:
        inputs: [query (B, Tq, dim), value (B, Tv, dim)] and optionally key (B, Tv, dim).
        mask: [query_mask (B, Tq), value_mask (B, Tv)]: masked value steps get no
            weight, masked query steps give zero output. By default the inputs'
            own Keras masks (Embedding(mask_zero=True), Masking).
        return_attention_scores: also return the weights (B, Tq, Tv).
        use_causal_mask: query step i sees value steps <= i only.
    Raises:
        ValueError: bad score_mode; inputs not a list of 2 or 3; masks not a list of 2 or 3.
    """

    def __init__(self, use_scale=False, score_mode='dot', dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        # Keras 3 checks no dropout range (a rate > 1 fails in the dropout while training); a string or
        # None fails this comparison with Python's TypeError, before score_mode is looked at
        try:
            drops = dropout > 0
        except TypeError as error:
            error.add_note('Attention: dropout must be a number, got %r' % (dropout,))
            raise
        if drops:        # as Keras 3: the generator (a draw from Python's random) only with dropout
            self.seed_generator = SeedGenerator(seed)
        if score_mode not in ('dot', 'concat'):
            error = ValueError("Invalid value for argument score_mode. Expected one of {'dot', 'concat'}. "
                               'Received: score_mode=%s' % (score_mode,))       # Keras 3's
            error.add_note("Attention: score_mode is 'dot' or 'concat'")
            raise error
        self.use_scale = use_scale      # as given, as Keras 3 keeps it (get_config: 1 stays 1)
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        self.scale = self.concat_score_weight = None

    def _check(self, inputs, mask=None):
        # Keras 3's checks and words (_validate_inputs): lists only (a tuple of inputs, or of masks, is refused,
        # and build meets a tuple of shapes first); its f-strings print a tensor as its numpy value
        name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError('{} layer must be called on a list of inputs, namely [query, value] or [query, value, '
                             'key]. Received: inputs={}.'.format(name, inputs))
        if not 2 <= len(inputs) <= 3:
            raise ValueError('%s layer accepts inputs list of length 2 or 3, namely [query, value] or [query, value, '
                             'key]. Received length: %d.' % (name, len(inputs)))
        if mask is not None and not isinstance(mask, list):
            raise ValueError('{} layer mask must be a list, namely [query_mask, value_mask]. Received: mask={}.'
                             .format(name, mask))
        if mask is not None and not 2 <= len(mask) <= 3:
            raise ValueError('{} layer accepts mask list of length 2 or 3. Received: inputs={}, mask={}.'
                             .format(name, inputs, mask))

    def build(self, input_shape):
        self._check(input_shape)
        if self.use_scale:
            self.scale = self.add_weight(name='scale', shape=(), initializer='ones')
        if self.score_mode == 'concat':
            self.concat_score_weight = self.add_weight(name='concat_score_weight', shape=(), initializer='ones')
        self.built = True

    def call(self, inputs, mask=None, training=False, return_attention_scores=False, use_causal_mask=False):
        self._check(inputs, mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        value, key = (convert_to_tensor(x, dtype=query.dtype) for x in (value, key))
        # shapes that do not fit fail in the ops as in Keras: BatchMatMulV2's 'Matrix size-incompatible' (the
        # dot scores, or weights @ value when value and key differ in length), AddV2's for concat scores
        scores = self._calculate_scores(query, key)      # (Keras 3's hook: subclasses override it)
        keep = None if not mask or mask[1] is None else as_bool(mask[1])
        if keep is not None and keep.ndim == 2:
            keep = expand_dims(keep, -2)
        if use_causal_mask:
            causal = causal_mask(scores.shape[-2], scores.shape[-1])
            keep = causal if keep is None else logical_and(keep, causal)
        if keep is not None:
            scores = where(logical_not(keep), scores - _LARGE, scores)
        warn_if_one_class(scores, -1)      # Keras's ops.softmax warns when there is one value step
        weights = softmax(scores, axis=-1)
        used = keras_random.dropout(weights, self.dropout, seed=self.seed_generator) \
            if training_is_on(training) and self.dropout > 0 else weights
        output = matmul(used, value)
        if mask and mask[0] is not None:
            output = where(expand_dims(as_bool(mask[0]), -1), output, 0.0)
        # Keras 3 returns the weights it multiplied by: dropped out (and rescaled) while training
        return (output, used) if return_attention_scores else output

    def _calculate_scores(self, query, key):
        if self.score_mode == 'dot':
            # Keras multiplies by ops.swapaxes(key, -2, -1): TF's kernel text names the swapped key's shape, and
            # the query's gradient is matmul(g, swapped key, adjoint_b=True), whose float64 sums differ from those
            # of transpose_b's matmul(g, key) (TF 2.21: 7-11 of 24 values, notes progs/gradfuzz20/t13.py)
            perm = list(range(key.ndim))
            perm[-2:] = perm[:-3:-1]
            scores = matmul(query, transpose(key, perm))
            return scores * self.scale if self.scale is not None else scores
        pairs = expand_dims(query, -2) + expand_dims(key, -3)          # (B, Tq, Tv, dim)
        if self.scale is not None:
            pairs = self.scale * pairs
        return self.concat_score_weight * reduce_sum(tanh(pairs), -1)

    def compute_mask(self, inputs, mask=None):
        """The output keeps the query's mask."""
        self._check(inputs, mask)
        if not mask or mask[0] is None:
            return None
        if is_keras_tensor(mask[0]):      # a functional graph (a GRU decoder's masked output): Keras's ConvertToTensor op
            return record_op('convert_to_tensor', (mask[0],), {})
        return as_bool(mask[0])

    def compute_output_shape(self, input_shape):
        # (Keras checks nothing here: a tuple of shapes is taken)
        query_shape, value_shape = input_shape[0], input_shape[1]
        return (*query_shape[:-1], value_shape[-1])

    def compute_output_spec(self, inputs, mask=None, return_attention_scores=False, training=None,
                            use_causal_mask=False):
        """Keras 3's symbolic outputs: the scores (*batch, Tq, Tv) too when asked for."""
        self._check(inputs, mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        output = KerasTensor(self.compute_output_shape([query.shape, value.shape, key.shape]), self.compute_dtype)
        if not return_attention_scores:
            return output
        return output, KerasTensor(tuple(query.shape[:-1]) + (key.shape[-2],), self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update(use_scale=self.use_scale, score_mode=self.score_mode, dropout=self.dropout, seed=self.seed)
        return config
