"""StringLookup and IntegerLookup: vocabularies of strings or integers (Keras 3)."""
import numpy as np

from framework.tensor import Tensor, convert_to_tensor

from .data_inputs import NotIntegersError, NotStringsError, integer_array, string_array
from .given_inputs import KeepsGivenInputs
from .index_lookup import IndexLookup


class StringLookup(KeepsGivenInputs, IndexLookup):
    """Strings to integer indices through a vocabulary, learned by ``adapt`` or given.

    Index 0 is the mask token when there is one (int mode), then
    ``num_oov_indices`` buckets for unknown strings (hashed with FarmHash
    Fingerprint64, or SipHash with ``salt``, when there are several), then the
    vocabulary, most frequent first after ``adapt``.

    Args:
        max_tokens: the largest vocabulary, special tokens included (None: no limit).
        num_oov_indices: 1 by default; 0 makes unknown strings an error.
        mask_token: a string mapped to 0 in int mode and dropped otherwise (None: no mask).
        oov_token: what ``invert`` returns for OOV indices ('[UNK]').
        vocabulary: a list / array / tensor of strings, or a text file, one token a line.
        idf_weights: with a vocabulary in tf_idf mode, each token's weight.
        invert: map indices back to strings.
        output_mode: 'int' (int64 indices), 'one_hot', 'multi_hot', 'count' (int64)
            or 'tf_idf' (float32).
        pad_to_max_tokens: make the encoded axis max_tokens long.
        encoding: the text encoding of str inputs ('utf-8').
        salt: an int or a pair of ints: OOV buckets use SipHash with this key.
    Raises:
        ValueError: bad arguments (each message names the argument).
        TypeError: numeric inputs.
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token='[UNK]', vocabulary=None,
                 idf_weights=None, invert=False, output_mode='int', pad_to_max_tokens=False, sparse=False,
                 encoding='utf-8', name=None, salt=None, **kwargs):
        if 'vocabulary_dtype' in kwargs:        # Keras 3 passes its own 'string' on: Python's words, with Keras's path
            raise TypeError("keras.src.layers.preprocessing.index_lookup.IndexLookup.__init__() got multiple values "
                            "for keyword argument 'vocabulary_dtype'")
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary_dtype='string', vocabulary=vocabulary,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, name=name, salt=salt, **kwargs)

    def adapt(self, data, steps=None):
        """See IndexLookup.adapt (its own method, as in Keras: a bad keyword names StringLookup.adapt())."""
        super().adapt(data, steps)

    def _check_special_tokens(self, mask_token, oov_token):
        # Keras 3 converts the mask token to a string tensor when made: TF's conversion error for a
        # number ('Cannot convert 5 to EagerTensor of dtype string'); a list of strings passes
        if mask_token is not None and not isinstance(mask_token, (str, bytes)):
            string_array(mask_token, '%s %r' % (type(self).__name__, self.name))

    def _keys(self, value):
        who = '%s %r' % (type(self).__name__, self.name)
        try:
            return string_array(value, who)
        except NotStringsError:
            given = self.__dict__.get('_given_inputs')
            if not isinstance(given, (np.ndarray, np.generic, int, float, complex)):
                raise
        return string_array(Tensor(np.asarray(given)), who)     # TF's Cast error, naming the array's dtype

    def _key(self, token):
        if token is None:
            return None
        if isinstance(token, str):      # TF's string conversion: UTF-8 whatever `encoding` says (TF 2.21 uses it
            return token.encode('utf-8')    # only to decode the vocabulary it hands back)
        if isinstance(token, (bytes, np.bytes_)):
            return bytes(token)
        raise NotStringsError('%s %r: vocabulary and special tokens must be strings, got %r'     # Keras: ValueError
                              % (type(self).__name__, self.name, token))

    def _public(self, key):
        return key.decode(self.encoding) if isinstance(key, bytes) else key

    def _token_array(self, flat):
        out = np.empty(len(flat), dtype=object)
        out[:] = flat
        return out

    def get_config(self):
        config = super().get_config()
        del config['vocabulary_dtype']          # strings are the only choice, as in Keras
        config['encoding'] = self.encoding
        return config

    def get_build_config(self):
        return {}       # as Keras 3's lookups: built when made, they save no input shape


class IntegerLookup(KeepsGivenInputs, IndexLookup):
    """Integers to contiguous indices through a vocabulary (Keras 3).

    As StringLookup, for int64 tokens: ``oov_token`` is -1, ``mask_token`` an
    int or None, and several OOV buckets take ``token % num_oov_indices``
    (``oov_method='floormod'``) or the FarmHash of its decimal text ('farmhash').

    Raises:
        ValueError: bad arguments; vocabulary_dtype other than 'int64'.
        TypeError: string or fractional inputs.
    """

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=-1, vocabulary=None,
                 vocabulary_dtype='int64', idf_weights=None, invert=False, output_mode='int', sparse=False,
                 pad_to_max_tokens=False, oov_method='floormod', salt=None, name=None, **kwargs):
        if vocabulary_dtype != 'int64':
            error = ValueError("Only `vocabulary_dtype='int64'` is supported at this time. Received: "
                               'vocabulary_dtype=%s' % (vocabulary_dtype,))     # Keras 3's
            error.add_note("IntegerLookup: vocabulary_dtype is 'int64'")
            raise error
        self._inverting = bool(invert)      # (read by _check_special_tokens, which runs inside IndexLookup's init)
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary_dtype='int64', vocabulary=vocabulary,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, oov_method=oov_method, salt=salt, name=name, **kwargs)

    def _check_special_tokens(self, mask_token, oov_token):
        # after Layer.__init__, as Keras meets them (the refused layer has used up its name). Keras 3 converts
        # the mask token to int64 when made (TF 2.21's 'Cannot convert 1.0 to EagerTensor of dtype int64'; True
        # is 1), the OOV token only where an inverting lookup returns it ("Cannot convert '7' ..."): otherwise
        # it takes any, matching no integer ('a', 1.5) or the one it equals (True, 2.0), until get_config's int()
        if mask_token is not None:
            convert_to_tensor(mask_token, dtype='int64')
        if self._inverting:      # (None too: TF 2.21's 'Attempt to convert a value (None) ...')
            convert_to_tensor(oov_token, dtype='int64')

    def _special_key(self, token):
        if token is None or isinstance(token, (bool, int, np.integer)):
            return None if token is None else int(token)
        if isinstance(token, (float, np.floating)):
            return token        # (compared as numpy compares it: 2.0 is 2, 1.5 no integer)
        return _MatchesNothing(token)

    def _check_adapted_special_tokens(self):
        # Keras 3's finalize_state removes tf.convert_to_tensor([token], 'int64') from its counts: TF 2.21's
        # "Cannot convert ['a'] to EagerTensor of dtype int64" for an OOV token it never converted before
        for token in (self.mask_token, self.oov_token):
            if token is not None:
                convert_to_tensor([token], dtype='int64')

    def adapt(self, data, steps=None):
        """See IndexLookup.adapt (its own method, as in Keras: a bad keyword names IntegerLookup.adapt())."""
        super().adapt(data, steps)

    def _keys(self, value):
        given = self.__dict__.get('_given_inputs')
        if type(given) in (list, tuple) or (isinstance(given, np.ndarray) and given.dtype.kind in 'US'):
            # Keras 3 converts what it is given straight to its int64 keys: TF reads digit strings in a
            # NumPy array (' 7' is 7, '5.5' its int() ValueError) and refuses a list of floats or strings
            # ('Cannot convert [5.0] to EagerTensor of dtype int64'); Layer.__call__'s tensor knows neither
            value = convert_to_tensor(given, dtype='int64')
        elif isinstance(value, (list, tuple, int, float, str)):
            # adapt's Python data, converted as Keras 3 converts it: a float in it is TF's TypeError
            # ('Cannot convert [1.0, 2.0] to EagerTensor of dtype int64'), even a whole one
            value = convert_to_tensor(value, dtype='int64')
        return integer_array(value, '%s %r' % (type(self).__name__, self.name))

    def _key(self, token):
        if token is None:
            return None
        if isinstance(token, (bool, str, bytes)) or not isinstance(token, (int, np.integer, float)) \
                or token != int(token):
            raise NotIntegersError('%s %r: vocabulary and special tokens must be integers, got %r'   # Keras: ValueError
                                   % (type(self).__name__, self.name, token))
        return int(token)

    def _hash_text(self, key):
        return str(key).encode()

    def get_config(self):
        config = super().get_config()
        for key in ('oov_token', 'mask_token'):
            if config[key] is not None:
                config[key] = int(config[key])
        return config

    def get_build_config(self):
        return {}       # as Keras 3's lookups: built when made, they save no input shape


class _MatchesNothing:
    """An IntegerLookup special token that is no number ('a', [1]): Keras 3 compares it with the integer
    vocabulary and inputs, and it equals none of them."""
    __slots__ = ('token',)

    def __init__(self, token):
        self.token = token

    def __repr__(self):
        return repr(self.token)
