"""IndexLookup: the shared body of StringLookup and IntegerLookup (Keras 3's ``IndexLookup``).

A vocabulary maps tokens to indices: the mask token (int mode only) takes
index 0, then ``num_oov_indices`` out-of-vocabulary buckets, then the learned
or given tokens. Lookups run on the host, as Keras runs them on the CPU.
"""
import operator
import os

import numpy as np

from framework.assertions import Assert
from framework.errors import FailedPreconditionError, _EAGER_CPU, kernel_error
from framework.printing import _c_escape, format_value
from framework.ragged.ragged_tensor import RaggedTensor
from framework.ops import reduce_mean
from framework.tensor import Tensor, convert_to_tensor
from framework.variable import Variable

from .. import call_context
from ..layer import Layer
from .adapt_checkpoint_state import CountsTable, DocumentCount
from .categorical_encoding import as_sparse, encode, encoded_shape
from .data_inputs import NotIntegersError, NotStringsError, batches, host_array, vocabulary_refusal
from .ragged_documents import ragged_documents
from .ragged_lookup import lookup_ragged
from framework.string_hashes import fingerprint64, siphash24
from .vocabulary_assets import VocabularyAssets
from .vocabulary_counts import VocabularyCounts, rows_of

OUTPUT_MODES = ('int', 'one_hot', 'multi_hot', 'count', 'tf_idf')


def _keras_error(text, *values_and_who):
    """Keras 3's ValueError ``text % values``, with a note naming the layer (the last argument)."""
    *values, who = values_and_who
    error = ValueError(text % tuple(values))
    error.add_note('raised by %s' % who)
    return error


def _oov_idf(weights):
    """The OOV tokens' idf after adapt: Keras's tf.reduce_mean of the float32 weights (TF's summation
    order, which can differ from numpy's mean in the last bit)."""
    if not weights.size:
        return 0.0
    return float(reduce_mean(convert_to_tensor(weights)).numpy())


class IndexLookup(VocabularyAssets, Layer):
    """Tokens to indices (or back, with ``invert``); see StringLookup for the arguments."""
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values

    def __init__(self, max_tokens, num_oov_indices, mask_token, oov_token, vocabulary_dtype, vocabulary=None,
                 idf_weights=None, invert=False, output_mode='int', sparse=False, pad_to_max_tokens=False,
                 oov_method='floormod', salt=None, **kwargs):
        frozen_size = kwargs.pop('vocabulary_size', None)
        has_vocabulary = kwargs.pop('has_input_vocabulary', vocabulary is not None)
        kwargs.pop('dtype', None)             # the dtype is the vocabulary's, as in Keras
        kwargs.pop('trainable', None)         # Keras 3 drops it too: a lookup stays trainable=True (no weights)
        name = kwargs.pop('name', None)
        who = type(self).__name__
        # Keras 3's checks and texts, in its order (IntegerLookup words two of them its own way); they come
        # before Layer.__init__, as in Keras, so a refused layer takes no name ('string_lookup_N') from the next
        integer = who == 'IntegerLookup'
        # (compared as given, as Keras: a list there, StringLookup(['a', 'b']) with the vocabulary passed by
        # position, fails in `<=` with Python's TypeError; True is 1; a float is taken, and fails in adapt)
        if max_tokens is not None and max_tokens <= 1:
            raise _keras_error('If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. Received: '
                               'max_tokens=%s' if integer else 'If set, `max_tokens` must be greater than 1. '
                               'Received: max_tokens=%s', max_tokens, who)
        if pad_to_max_tokens and max_tokens is None:
            raise _keras_error('If pad_to_max_tokens is True, must set `max_tokens`. Received: max_tokens=%s',
                               max_tokens, who)
        # (compared as given, as Keras: 'a' or None is Python's TypeError "'<' not supported ...", True is 1)
        if num_oov_indices < 0:
            raise _keras_error('The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. Received: '
                               'num_oov_indices=%s' if integer else '`num_oov_indices` must be greater than or equal '
                               'to 0. Received: num_oov_indices=%s', num_oov_indices, who)
        if not (isinstance(oov_method, str) and oov_method in ('floormod', 'farmhash')):
            raise _keras_error("Unknown value for `oov_method` argument of %s. Allowed values are: ('floormod', "
                               "'farmhash'). Received: oov_method=%%s" % who, oov_method, who)
        salt = self._salt(salt, vocabulary_dtype, oov_method, who)
        if isinstance(output_mode, str):        # (Keras compares with ==: a list reaches its ValueError below)
            output_mode = {'binary': 'multi_hot', 'tf-idf': 'tf_idf'}.get(output_mode, output_mode)
        if not (isinstance(output_mode, str) and output_mode in OUTPUT_MODES):
            raise _keras_error('Unknown value for `output_mode` argument of %s. Allowed values are: %s. Received: '
                               'output_mode=%%s' % (who, OUTPUT_MODES), output_mode, who)
        if invert and output_mode != 'int':
            raise _keras_error("`output_mode` must be `'int'` when `invert` is true. Received: output_mode=%s",
                               output_mode, who)
        if sparse and output_mode == 'int':
            raise ValueError("`sparse` may only be true if `output_mode` is `'one_hot'`, `'multi_hot'`, `'count'` or "
                             "`'tf_idf'`. Received: sparse=%s and output_mode=%s" % (sparse, output_mode))
        if idf_weights is not None and output_mode != 'tf_idf':
            raise ValueError("`idf_weights` should only be set if `output_mode` is `'tf_idf'`. Received: "
                             'idf_weights=%s and output_mode=%s' % (idf_weights, output_mode))
        super().__init__(name=name)
        if kwargs:      # Keras 3's own check, after the Layer took its name: Layer's other keywords are refused too
            raise ValueError('Unrecognized keyword argument(s): %s' % (kwargs,))
        self._check_special_tokens(mask_token, oov_token)
        self.salt = salt
        if output_mode == 'tf_idf' and has_vocabulary and idf_weights is None:
            raise ValueError('When specifying the `vocabulary` argument, in TF-IDF output mode, the `idf_weights` '
                             'argument must also be provided.')
        # (a fractional count is kept as given, as Keras keeps it: a vocabulary then fails in Python's
        # [oov_token] * num_oov_indices, "can't multiply sequence by non-int of type 'float'", adapt() in TF's int32
        # conversion of the first token's index; a layer with neither is made, and its config keeps 1.5)
        self.max_tokens = max_tokens
        self.num_oov_indices = int(num_oov_indices) if isinstance(num_oov_indices, (int, np.integer)) \
            else num_oov_indices
        self.mask_token, self.oov_token = mask_token, oov_token
        self.vocabulary_dtype, self.invert, self.output_mode = vocabulary_dtype, bool(invert), output_mode
        self.sparse, self.pad_to_max_tokens, self.oov_method = bool(sparse), bool(pad_to_max_tokens), oov_method
        # a vocabulary file's path stays out of the config, as in Keras 3: the tokens go to the assets
        # (a saved model must not depend on a file outside it)
        self.input_vocabulary = None if isinstance(vocabulary, str) else vocabulary
        self.input_idf_weights = idf_weights
        self._has_input_vocabulary = bool(has_vocabulary)
        self._frozen_vocab_size = frozen_size
        self._tokens, self._index, self._idf_array, self._idf_variable = [], {}, None, None
        self._has_vocabulary = False         # Keras's table is initialized only by a vocabulary
        self._counts = VocabularyCounts()
        if not has_vocabulary:       # Keras 3 keeps adapt's counts in tables a checkpoint holds
            self.token_counts = CountsTable(self, 'tokens')
            if output_mode == 'tf_idf':
                self.token_document_counts = CountsTable(self, 'documents')
                self.num_documents = DocumentCount(self)
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)

    @staticmethod
    def _salt(salt, vocabulary_dtype, oov_method, who):
        if salt is None:
            return None
        if vocabulary_dtype != 'string' and oov_method != 'farmhash':
            raise _keras_error("`salt` can only be used when `oov_method='farmhash'`. Received: oov_method=%s",
                               oov_method, who)
        if isinstance(salt, (tuple, list)) and len(salt) == 2 and all(isinstance(s, int) for s in salt):
            return list(salt)
        if isinstance(salt, int) and not isinstance(salt, bool):
            return [salt, salt]
        raise _keras_error('The `salt` argument for `IndexLookup` can only be a tuple of 2 integers, or a single '
                           'integer. Received: salt=%s.', salt, who)

    # ---- the token type: overridden by StringLookup / IntegerLookup ------------------------
    def _check_special_tokens(self, mask_token, oov_token):
        """Refuse special tokens of the wrong type, once the layer is named (IntegerLookup's)."""

    def _keys(self, value):
        """``value`` as a host array of lookup keys (bytes objects or int64)."""
        raise TypeError('%s has no key type; use StringLookup or IntegerLookup' % type(self).__name__)

    def _key(self, token):
        """One special or vocabulary token as a key."""
        return token

    def _special_key(self, token):
        """The mask or OOV token as a key, compared with the vocabulary's and the inputs' (IntegerLookup takes
        an OOV token it never converts, as Keras 3 does)."""
        return self._key(token)

    def _check_adapted_special_tokens(self):
        """Keras 3 converts the special tokens to the vocabulary dtype when adapt() ends (IntegerLookup's)."""

    def _public(self, key):
        """A key as get_vocabulary shows it."""
        return key

    def _hash_text(self, key):
        return key

    # ---- indices ------------------------------------------------------------------------------
    def _oov_start_index(self):
        return 1 if self.mask_token is not None and self.output_mode == 'int' else 0

    def _token_start_index(self):
        return self._oov_start_index() + self.num_oov_indices

    def vocabulary_size(self):
        """The number of indices, mask and OOV ones included."""
        return self._token_start_index() + len(self._tokens)

    def get_vocabulary(self, include_special_tokens=True):
        """The tokens in index order (with the mask and OOV tokens unless ``include_special_tokens=False``)."""
        # Keras 3 hands the learned tokens out as numpy scalars (np.str_('a'), np.int64(3): what
        # printing the list shows) and its special tokens as Python values.
        tokens = [_numpy_scalar(self._public(k)) for k in self._tokens]
        if not include_special_tokens:
            return tokens
        return [self.mask_token] * self._oov_start_index() + [self.oov_token] * self.num_oov_indices + tokens

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Use ``vocabulary`` (a list, array, tensor, or a text file of one token a line);
        ``idf_weights`` (tf_idf mode, required there) give each token's weight.

        Raises:
            ValueError: an empty vocabulary, repeated tokens, special tokens out of place,
                more tokens than max_tokens, or idf_weights that do not fit.
        """
        who = '%s %r' % (type(self).__name__, self.name)
        if self.output_mode == 'tf_idf' and idf_weights is None:
            raise _keras_error("`idf_weights` must be set if output_mode is 'tf_idf'.", who)     # Keras 3's words
        if self.output_mode != 'tf_idf' and idf_weights is not None:
            raise _keras_error("`idf_weights` should only be set if output_mode is `'tf_idf'`. Received: "
                               'output_mode=%s and idf_weights=%s', self.output_mode, idf_weights, who)
        if isinstance(vocabulary, str):
            if not os.path.isfile(vocabulary):
                raise _keras_error('Vocabulary file %s does not exist.', vocabulary, who)
            if self.output_mode == 'tf_idf':      # Keras 3 reads files into a static table: no idf weights
                raise _keras_error("output_mode `'tf_idf'` does not support loading a vocabulary from file.", who)
            with open(vocabulary, encoding='utf-8') as f:
                vocabulary = [line.rstrip('\n') for line in f]
            if self.vocabulary_dtype != 'string':     # TF's int64 table reads each line as an integer
                vocabulary = [int(token) for token in vocabulary]
        try:
            keys = [self._key(t) for t in host_array(vocabulary).reshape(-1).tolist()]
        except (NotStringsError, NotIntegersError) as words:
            raise vocabulary_refusal(vocabulary, 'string' if isinstance(words, NotStringsError) else 'int64',
                                     words) from None
        if not keys:
            raise _keras_error('Cannot set an empty vocabulary. Received: vocabulary=%s', np.asarray(
                host_array(vocabulary)), who)
        start = self._token_start_index()
        special = [self._special_key(self.mask_token)] * self._oov_start_index() + \
            [self._special_key(self.oov_token)] * self.num_oov_indices
        with_specials = keys[:start] == special
        tokens = keys[start:] if with_specials else keys
        repeated = list(dict.fromkeys(k for k in tokens if tokens.count(k) > 1))      # first-seen order, as Keras
        if repeated:
            # Keras lists them as numpy scalars (np.int64(1), np.str_('a'))
            shown = [np.str_(self._public(k)) if isinstance(self._public(k), str) else np.int64(k) for k in repeated]
            raise _keras_error('The passed vocabulary has at least one repeated term. Please uniquify your dataset. '
                               'The repeated terms are: %s', shown, who)
        for token, what in ((self.mask_token, 'mask'), (self.oov_token if self.invert else None, 'OOV')):
            if token is not None and self._special_key(token) in tokens:
                # Keras 3's words: the special tokens in order, the token's last index in the whole vocabulary
                order = [self.mask_token] * self._oov_start_index() + [self.oov_token] * self.num_oov_indices
                index = len(keys) - 1 - keys[::-1].index(self._special_key(token))
                error = ValueError('Found reserved %s token at unexpected location in `vocabulary`. Note that passed '
                                   '`vocabulary` does not need to include the OOV and mask tokens. Either remove all '
                                   'mask and OOV tokens, or include them only at the start of the vocabulary in '
                                   'precisely this order: %s. Received: %s_token=%s at vocabulary index [%d]'
                                   % (what, order, what.lower(), token, index))
                error.add_note('raised by %s' % who)
                raise error
        if self.max_tokens is not None and start + len(tokens) > self.max_tokens:
            raise _keras_error('Attempted to set a vocabulary larger than the maximum vocab size. Received vocabulary '
                               'size is %d; `max_tokens` is %d.', start + len(tokens), self.max_tokens, who)
        self._set_tokens(tokens)
        self._record_vocabulary_size()
        if idf_weights is not None:
            given = host_array(idf_weights)
            weights = np.asarray(given, np.float32).reshape(-1)
            if weights.size != len(keys):
                error = ValueError('`idf_weights` must be the same length as vocabulary. len(idf_weights) is %d; '
                                   'len(vocabulary) is %d' % (weights.size, len(keys)))      # Keras 3's text
                error.add_note('(tapeflow) in %s' % who)
                raise error
            front = 0 if with_specials else start
            # Keras pads with np.average of the weights as given: a list of floats averages in float64
            self._set_idf_weights(self._padded_idf(weights, front, float(np.average(given))))
        self._has_input_vocabulary = True

    @property
    def idf_weights(self):
        """The tf-idf weight of every index, as the non-trainable tf.Variable Keras 3 keeps (and
        prints as ``<tf.Variable 'Variable:0' ...>``); None before a vocabulary is set."""
        return self._idf_variable

    def _set_idf_weights(self, weights):
        # the lookup reads the numpy array; the variable is what users see, made once per vocabulary
        self._idf_array = weights
        self._idf_variable = Variable(weights, trainable=False)

    def _set_tokens(self, tokens):
        self._tokens = list(tokens)
        self._has_vocabulary = True
        start = self._token_start_index()
        self._index = {t: start + i for i, t in enumerate(self._tokens)}

    def _padded_idf(self, weights, front, front_value):
        back = self.max_tokens - front - weights.size if self.pad_to_max_tokens else 0
        return np.concatenate([np.full(front, front_value, np.float32), weights,
                               np.zeros(max(back, 0), np.float32)]).astype(np.float32)

    # ---- adapt --------------------------------------------------------------------------------
    def adapt(self, data, steps=None):
        """Learn the vocabulary (and, for tf_idf, the idf weights) from ``data``: an array, a list,
        a tensor, or a dataset / iterable of batches (``steps`` of them at most).

        Raises:
            ValueError: a layer given a fixed vocabulary.
            TypeError: data of the wrong kind (numbers for StringLookup, text for IntegerLookup).
        """
        who = '%s %r' % (type(self).__name__, self.name)
        self._counts = VocabularyCounts()
        for batch in batches(data, steps, who):
            if isinstance(batch, RaggedTensor):
                self.update_state(batch)
                continue
            keys = self._keys(batch)
            if isinstance(batch, (list, tuple, np.ndarray, Tensor)) and keys.ndim == 1 and batch is data:
                keys = keys[:, None]        # an array or list: one document per element, as Keras
            self.update_state(keys)
        self.finalize_state()

    def update_state(self, keys):
        if self._has_input_vocabulary:
            raise ValueError("Cannot adapt layer '%s' after setting a static vocabulary via the `vocabulary` argument "
                             'or set_vocabulary()' % self.name)
        if isinstance(keys, RaggedTensor):          # one document per row
            self._counts.add(ragged_documents(self, keys, '%s %r' % (type(self).__name__, self.name)))
            return
        keys = keys if isinstance(keys, np.ndarray) and keys.dtype in (object, np.int64) else self._keys(keys)
        self._counts.add(rows_of(keys))

    def reset_state(self):
        """Forget the counts adapt() gathered so far (a layer given its vocabulary keeps nothing to forget)."""
        self._counts = VocabularyCounts()

    def finalize_state(self):
        if self._has_input_vocabulary:
            return
        who = '%s %r' % (type(self).__name__, self.name)
        if not self._counts.tokens:
            # Keras 3 returns early when adapt saw no tokens: the table keeps what it held (none at
            # first, so a call raises 'Table not initialized') and get_vocabulary() the special tokens;
            # the vocabulary size is fixed all the same (a multi_hot call then fails on the table)
            self._record_vocabulary_size()
            return
        self._check_adapted_special_tokens()
        start = self._token_start_index()
        if isinstance(start, np.floating):      # (its tf.range: TF 2.21's words for a numpy float)
            operator.index(start)
        if not isinstance(start, (int, np.integer)):
            # Keras 3's table of the learned tokens starts at token_start + tf.size(tokens): TF 2.21's
            # 'Cannot convert 1.5 to EagerTensor of dtype int32' for StringLookup(num_oov_indices=1.5)
            convert_to_tensor(start, dtype='int32')
        special = {self._special_key(t) for t in (self.mask_token, self.oov_token) if t is not None}
        limit = None if self.max_tokens is None else self.max_tokens - start
        tokens = self._counts.vocabulary(special, limit)
        if not tokens:      # Keras 3 imports the learned tokens into its table: TF's kernel refuses none
            raise kernel_error('LookupTableImportV2', 'keys and values cannot be empty tensors.', named=True,
                               note='%s: adapt() learned no token (%s); lower num_oov_indices or raise max_tokens'
                                    % (who, 'max_tokens=%s leaves no room past the %d special indices'
                                       % (self.max_tokens, start) if limit is not None and limit <= 0
                                       else 'the data held special tokens only'))
        self._set_tokens(tokens)
        if self.output_mode == 'tf_idf':
            weights = self._counts.idf_weights(tokens)
            self._set_idf_weights(self._padded_idf(weights, start, _oov_idf(weights)))
        self._counts = VocabularyCounts()
        self._record_vocabulary_size()

    def _record_vocabulary_size(self):
        """Keras 3 fixes an encoding's depth at the first vocabulary: one of another size later (adapt or
        set_vocabulary; the new tokens are in place by then) is its RuntimeError."""
        size = self.vocabulary_size()
        if self.output_mode != 'int' and not self.pad_to_max_tokens and self._frozen_vocab_size is not None \
                and size != self._frozen_vocab_size:
            raise RuntimeError('When using `output_mode=%s` and `pad_to_max_tokens=False`, the vocabulary size cannot '
                               'be changed after the layer is called. Old vocab size is %d, new vocab size is %d'
                               % (self.output_mode, self._frozen_vocab_size, size))
        self._frozen_vocab_size = size

    # ---- call ---------------------------------------------------------------------------------
    _keeps_composite_inputs = True      # ragged rows of tokens, as unicode_split gives (ragged_lookup.py)

    def require_vocabulary(self, who):
        """Refuse to look up with no vocabulary, as Keras 3 does, rather than map every token to OOV:
        a layer neither adapted nor given a vocabulary (as a legacy .h5 file, which keeps none, loads it).

        Raises:
            RuntimeError: an encoding mode without pad_to_max_tokens and no known vocabulary size.
            FailedPreconditionError: no vocabulary (TensorFlow's 'Table not initialized').
        """
        if self.output_mode != 'int' and not self.pad_to_max_tokens and self._frozen_vocab_size is None:
            raise RuntimeError('When using `output_mode=%s` and `pad_to_max_tokens=False`, you must set the layer\'s '
                               'vocabulary before calling it. Either pass a `vocabulary` argument to the layer, or '
                               'call `adapt` with some sample data.' % self.output_mode)
        if not self._has_vocabulary:
            error = FailedPreconditionError('{{function_node __wrapped__LookupTableFindV2_device_%s}} Table not '
                                            'initialized. [Op:LookupTableFindV2] name: ' % _EAGER_CPU)   # TF's words
            error.add_note('%s: the layer has no vocabulary; call adapt() with some tokens or set_vocabulary(), or '
                           'load the model from a .keras file (a .h5 file keeps no vocabulary)' % who)
            raise error

    def call(self, inputs):
        who = '%s %r' % (type(self).__name__, self.name)
        if isinstance(inputs, RaggedTensor) or self.invert:
            self.require_vocabulary(who)
            return lookup_ragged(self, inputs) if isinstance(inputs, RaggedTensor) else self._invert(inputs)
        keys = self._keys(inputs)             # wrong key types are refused first, as in Keras
        self.require_vocabulary(who)
        return self._encoded(self._lookup(keys.reshape(-1), who).reshape(keys.shape), who)

    def _encoded(self, indices, who):
        """``indices`` in ``output_mode``: as they are ('int') or encoded over the vocabulary."""
        if self.output_mode == 'int':
            return Tensor(indices)
        depth = self.max_tokens if self.pad_to_max_tokens else self.vocabulary_size()
        if self.output_mode != 'tf_idf':
            encoded = encode(indices, self.output_mode, depth, np.int64)
        elif self._idf_array is None:
            raise ValueError("%s: output_mode='tf_idf' needs a vocabulary: call adapt() or set_vocabulary()" % who)
        else:
            encoded = encode(indices, 'count', depth, np.float32) * self._idf_array[:depth]
        if self.sparse:         # an entry per token present, as Keras's sparse encodings
            return as_sparse(encoded, encode(indices, self.output_mode if self.output_mode != 'tf_idf' else 'count',
                                             depth, bool))
        return Tensor(encoded)

    def _lookup(self, flat, who):
        """Indices of the keys ``flat``; the mask gives 0 (int mode) or -1 (dropped by the encoders)."""
        oov = self._oov_start_index()
        mask = None if self.mask_token is None else self._special_key(self.mask_token)
        mask_value = 0 if self.output_mode == 'int' else -1
        out = np.empty(flat.shape, np.int64)
        missing = []
        for i, key in enumerate(flat.tolist()):
            index = self._index.get(key)
            if index is None:
                if key == mask:
                    index = mask_value
                elif self.num_oov_indices == 0:
                    missing.append(self._public(key))
                    index = 0
                elif self.num_oov_indices == 1:
                    index = oov
                else:
                    index = oov + self._oov_bucket(key)
            out[i] = index
        # A functional call's run on stand-in values (empty strings, zeros) is Keras's symbolic
        # trace, which reads no values: only real inputs can be out of the vocabulary.
        if missing and not call_context.probing():
            # Keras 3 checks with tf.Assert on a tf.strings.format of every OOV value (summarize 3).
            message = ('When `num_oov_indices=0` all inputs should be in vocabulary, found OOV values %s, consider '
                       'setting `num_oov_indices=1`.' % format_value(Tensor(np.asarray(missing))))
            if call_context.in_traced_function():
                # In fit / evaluate / predict TF 2.21 runs this Assert as a node of the traced step (the
                # layer's 'Assert/Assert'): its kernel's text, worded by step_graph_errors as the graph run's
                raise kernel_error('Assert', 'assertion failed: [%s]' % _c_escape(message))
            Assert(Tensor(np.asarray(False)), [message])
        return out

    def _oov_bucket(self, key):
        n = self.num_oov_indices
        if self.vocabulary_dtype != 'string' and self.oov_method == 'floormod':
            return key % n
        text = self._hash_text(key)
        return (siphash24(text, *self.salt) if self.salt is not None else fingerprint64(text)) % n

    def _invert(self, inputs):
        who = '%s %r' % (type(self).__name__, self.name)
        array = host_array(inputs)
        if array.dtype.kind not in 'iu':
            raise TypeError('%s: invert=True maps integer indices back to tokens; got dtype %s' % (who, array.dtype))
        start, size = self._token_start_index(), self.vocabulary_size()
        tokens = [self._special_key(self.oov_token)] * start + self._tokens
        mask = None if self.mask_token is None else self._special_key(self.mask_token)
        flat = [mask if (i == 0 and mask is not None) else tokens[i] if start <= i < size
                else self._special_key(self.oov_token) for i in array.reshape(-1).tolist()]
        return Tensor(self._token_array(flat).reshape(array.shape))

    def _token_array(self, flat):
        return np.asarray(flat, np.int64)

    def compute_output_shape(self, input_shape):
        if self.output_mode == 'int':
            return tuple(input_shape)
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        return encoded_shape(input_shape, 'count' if self.output_mode == 'tf_idf' else self.output_mode, depth)

    @property
    def dtype(self):
        """The vocabulary's dtype ('string', 'int64'), as Keras 3 reports a lookup's."""
        return self.vocabulary_dtype

    compute_dtype = variable_dtype = dtype

    def _symbolic_dtype(self):
        """Keras 3's compute_output_spec: int64 indices, floatx encodings (run eagerly, the
        one-hot, multi-hot and count encodings are int64). Inverting, the call gives tokens, but Keras
        declares int64 for output_mode 'int' all the same: a StringLookup(invert=True) KerasTensor is
        int64 on TF 2.21."""
        from framework.keras.backend import floatx       # framework.keras imports the layers
        return 'int64' if self.output_mode == 'int' else floatx()

    def _export_captures(self):
        """model.export's 'Captures:' entries for this layer (lookup_export_captures.py)."""
        from .lookup_export_captures import lookup_captures
        return lookup_captures(self)

    def get_config(self):
        config = super().get_config()
        vocabulary = self.input_vocabulary
        if vocabulary is not None and not isinstance(vocabulary, str):
            vocabulary = [self._public(self._key(t)) for t in host_array(vocabulary).reshape(-1).tolist()]
        idf = self.input_idf_weights
        config.update({
            'invert': self.invert, 'max_tokens': self.max_tokens, 'num_oov_indices': self.num_oov_indices,
            'oov_token': self.oov_token, 'mask_token': self.mask_token, 'output_mode': self.output_mode,
            'sparse': self.sparse, 'pad_to_max_tokens': self.pad_to_max_tokens,
            'vocabulary_dtype': self.vocabulary_dtype,
            'idf_weights': None if idf is None else host_array(idf).tolist(), 'vocabulary': vocabulary,
            'vocabulary_size': self._frozen_vocab_size, 'oov_method': self.oov_method, 'salt': self.salt,
        })
        return config


def _numpy_scalar(token):
    if isinstance(token, str):
        return np.str_(token)
    if isinstance(token, (int, np.integer)) and not isinstance(token, bool):
        return np.int64(token)
    return token
