"""TextVectorization: text to token indices or token-count vectors (Keras 3).

Each string is standardized (lower-cased, punctuation stripped), split into
tokens (at whitespace or into characters), optionally joined into n-grams,
and looked up in a StringLookup whose mask token '' pads int outputs with 0.
"""
import re

import numpy as np

from framework import ragged_traced_rows, trace_names
from framework.ragged.ragged_tensor import RaggedTensor
from framework.tensor import Tensor

from ..layer import Layer
from ..traced_outputs import name_open_tokens
from .data_inputs import batches, call_strings, string_array
from .given_inputs import KeepsGivenInputs
from .lookups import StringLookup

# Keras's punctuation class: ASCII punctuation only, as its RE2 pattern
_PUNCTUATION = re.compile(rb'[!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']')
STANDARDIZE = ('lower_and_strip_punctuation', 'lower', 'strip_punctuation')
SPLIT = ('whitespace', 'character')
OUTPUT_MODES = ('int', 'one_hot', 'multi_hot', 'count', 'tf_idf')


def _check_choice(value, allowed, arg, none_or_callable=True):
    """Keras 3's validate_string_arg, in its words."""
    if none_or_callable and (value is None or callable(value)):
        return
    if not (isinstance(value, str) and value in allowed):
        raise ValueError('Unknown value for `%s` argument of TextVectorization. Allowed values are: %s. Received: '
                         '%s=%s' % (arg, allowed, arg, value))


class TextVectorization(KeepsGivenInputs, Layer):
    """Strings to int64 token indices, or multi-hot / count / tf-idf vectors (Keras 3).

    Args:
        max_tokens: the largest vocabulary, '' and '[UNK]' included.
        standardize: 'lower_and_strip_punctuation' (default), 'lower',
            'strip_punctuation', None, or a callable on a string tensor.
        split: 'whitespace' (default), 'character', None, or a callable on the
            batch (a rank-1 string tensor) returning a list of token lists or
            a 2-D string tensor padded with ''.
        ngrams: None, an int n (1..n-grams) or a tuple of widths.
        output_mode: 'int' (default), 'multi_hot', 'count', 'tf_idf' (or 'one_hot').
        output_sequence_length: int mode: pad or cut every row to this length
            (otherwise rows are padded with 0 to the longest in the batch).
        ragged: int mode with splitting: a RaggedTensor of each string's token
            indices, unpadded (cut to output_sequence_length when it is set).
        pad_to_max_tokens: non-int modes: the vector length is max_tokens.
        vocabulary / idf_weights: a fixed vocabulary (and its tf-idf weights).
    Raises:
        ValueError: bad arguments, each message naming the argument; inputs whose
            last axis is not 1 when splitting a rank-2 batch.
        TypeError: non-string inputs.
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values

    def __init__(self, max_tokens=None, standardize='lower_and_strip_punctuation', split='whitespace', ngrams=None,
                 output_mode='int', output_sequence_length=None, pad_to_max_tokens=False, vocabulary=None,
                 idf_weights=None, sparse=False, ragged=False, encoding='utf-8', name=None, **kwargs):
        vocabulary_size = kwargs.pop('vocabulary_size', None)
        has_vocabulary = kwargs.pop('has_input_vocabulary', vocabulary is not None)
        # Keras 3 checks the arguments before Layer.__init__: a refused layer uses up no auto name
        _check_choice(standardize, STANDARDIZE, 'standardize')
        _check_choice(split, SPLIT, 'split')
        output_mode = {'binary': 'multi_hot', 'tf-idf': 'tf_idf'}.get(output_mode, output_mode)
        _check_choice(output_mode, OUTPUT_MODES, 'output_mode', none_or_callable=False)
        # Keras 3 checks only the types: 0 or -1 give no n-grams (nothing to learn), a width below 1
        # in a tuple fails when strings are split (_rows)
        if not (ngrams is None or isinstance(ngrams, int) or
                (isinstance(ngrams, tuple) and all(isinstance(n, int) for n in ngrams))):
            raise ValueError('`ngrams` must be None, an integer, or a tuple of integers. Received: ngrams=%s'
                             % (ngrams,))
        # Keras 3's checks and words (a negative length is taken, as there; call() refuses it)
        if output_mode == 'int' and not (output_sequence_length is None or isinstance(output_sequence_length, int)):
            raise ValueError("`output_sequence_length` must be either None or an integer when `output_mode` is 'int'. "
                             'Received: output_sequence_length=%s' % (output_sequence_length,))
        if output_mode != 'int' and output_sequence_length is not None:
            raise ValueError("`output_sequence_length` must not be set if `output_mode` is not 'int'. Received "
                             'output_sequence_length=%s.' % (output_sequence_length,))
        if ragged and output_mode != 'int':
            raise ValueError("`ragged` must not be true if `output_mode` is `'int'`. Received: ragged=%s and "
                             'output_mode=%s' % (ragged, output_mode))
        super().__init__(name=name, **kwargs)
        self._ragged = bool(ragged)
        self._standardize, self._split, self._ngrams_arg = standardize, split, ngrams
        self._ngrams = tuple(range(1, ngrams + 1)) if isinstance(ngrams, int) else ngrams
        self._output_mode, self._output_sequence_length = output_mode, output_sequence_length
        self._encoding = encoding
        self._lookup_layer = StringLookup(max_tokens=max_tokens, vocabulary=vocabulary, idf_weights=idf_weights,
                                          pad_to_max_tokens=pad_to_max_tokens, mask_token='', output_mode=output_mode,
                                          sparse=sparse, has_input_vocabulary=has_vocabulary, encoding=encoding,
                                          vocabulary_size=vocabulary_size)

    # ---- the vocabulary: the lookup layer's ----------------------------------------------------
    def build(self, input_shape=None):
        # Keras's layer has a build of its own, so it is not built by running its call twice
        # (layer.builds_by_calling), whatever its lookup sublayer's state
        super().build(input_shape)

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary in index order ('' and '[UNK]' first unless ``include_special_tokens=False``)."""
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Use a fixed ``vocabulary`` (and ``idf_weights`` in tf_idf mode); see StringLookup.set_vocabulary."""
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights)

    def save_assets(self, dir_path):
        """The lookup's vocabulary file (see IndexLookup.save_assets), as Keras 3."""
        self._lookup_layer.save_assets(dir_path)

    def load_assets(self, dir_path):
        """The vocabulary from ``dir_path/vocabulary.txt`` (see IndexLookup.load_assets)."""
        self._lookup_layer.load_assets(dir_path)

    def saved_arrays(self):
        """The lookup's tf_idf weights (see IndexLookup.saved_arrays)."""
        return self._lookup_layer.saved_arrays()

    def load_saved_arrays(self, arrays):
        self._lookup_layer.load_saved_arrays(arrays)

    def adapt(self, data, batch_size=None, steps=None):
        """Learn the vocabulary from ``data``: strings in an array, list or tensor, or a dataset
        (or iterable) of batches of strings; ties in frequency are ordered as Keras orders them."""
        who = 'TextVectorization %r' % self.name
        lookup = self._lookup_layer
        lookup._counts = type(lookup._counts)()
        for batch in batches(data, steps, who):
            strings = string_array(batch, who)
            if strings.ndim == 1 and (batch is data or self._split is not None):
                strings = strings[:, None]        # one document per string
            lookup.update_state(self._documents(strings))
        lookup.finalize_state()

    def update_state(self, data):
        """Count one batch of strings (Keras 3's adapt step; each string a document)."""
        strings = string_array(data, 'TextVectorization %r' % self.name)
        self._lookup_layer.update_state(self._documents(strings[:, None] if strings.ndim == 1 else strings))

    def finalize_state(self):
        self._lookup_layer.finalize_state()

    def reset_state(self):
        self._lookup_layer.reset_state()

    def _documents(self, strings):
        """The tokens of each document, as a padded object array for the lookup's counters."""
        if self._split is None and self._ngrams is None:
            return self._standardized(strings)
        rows = self._rows(strings)
        width = max((len(r) for r in rows), default=0)
        out = np.full((len(rows), width), b'', dtype=object)     # '' is the mask: never counted
        for i, row in enumerate(rows):
            out[i, :len(row)] = row
        return out

    # ---- preprocessing --------------------------------------------------------------------------
    def _standardized(self, strings):
        who = 'TextVectorization %r' % self.name
        if self._standardize in ('lower', 'lower_and_strip_punctuation'):
            strings = np.vectorize(bytes.lower, otypes=[object])(strings) if strings.size else strings
        if self._standardize in ('strip_punctuation', 'lower_and_strip_punctuation'):
            strings = np.vectorize(lambda s: _PUNCTUATION.sub(b'', s), otypes=[object])(strings) \
                if strings.size else strings
        if callable(self._standardize):
            strings = string_array(self._standardize(Tensor(strings)), who)
        return strings

    def _rows(self, strings):
        """Each string's tokens (n-grams included), as lists of bytes."""
        who = 'TextVectorization %r' % self.name
        strings = self._standardized(strings)
        if self._split is not None and strings.ndim > 1:
            if strings.shape[-1] != 1:
                error = ValueError('When using `TextVectorization` to tokenize strings, the input rank must be 1 or the '
                                   'last shape dimension must be 1. Received: inputs.shape=%s with rank=%d'
                                   % (strings.shape, strings.ndim))        # Keras 3's words
                error.add_note('%s splits each string into tokens: pass one string per row' % who)
                raise error
            strings = strings[..., 0]
        if self._split == 'whitespace':
            rows = [s.split() for s in strings.reshape(-1).tolist()]
        elif self._split == 'character':
            rows = [[c.encode('utf-8') for c in s.decode('utf-8')] for s in strings.reshape(-1).tolist()]
        elif callable(self._split):
            rows = self._called_split(strings, who)
        else:
            rows = strings.reshape(-1, strings.shape[-1]).tolist() if strings.ndim else [[strings.item()]]
        if self._ngrams is not None:
            if any(width < 1 for width in self._ngrams):
                # tf.strings.ngrams formats the whole tuple into its text: a tuple of two or more widths
                # fails in that formatting with Python's TypeError, exactly as in TF 2.21
                raise ValueError('All ngram_widths must be greater than 0. Got %s' % self._ngrams)
            rows = [[b' '.join(row[i:i + n]) for n in self._ngrams for i in range(len(row) - n + 1)] for row in rows]
        return rows

    def _called_split(self, strings, who):
        result = self._split(Tensor(strings))
        if isinstance(result, (list, tuple)) and all(isinstance(r, (list, tuple)) for r in result):
            return [[t if isinstance(t, bytes) else str(t).encode('utf-8') for t in r] for r in result]
        if isinstance(result, RaggedTensor) and result.ragged_rank == 1:
            # tf.strings.split and friends: one row of tokens per string, as Keras's lookup reads them
            return [[t if isinstance(t, bytes) else str(t).encode('utf-8') for t in row] for row in result.to_list()]
        tokens = string_array(result, who)
        if tokens.ndim != 2:
            raise ValueError('%s: a split callable must return a list of token lists or a 2-D string tensor; got '
                             'shape %s' % (who, tokens.shape))
        return [[t for t in row if t != b''] for row in tokens.tolist()]

    def call(self, inputs):
        who = 'TextVectorization %r' % self.name
        lookup = self._lookup_layer
        strings = call_strings(inputs, self.__dict__.get('_given_inputs'), who)
        if self._output_mode == 'int' and (self._output_sequence_length or 0) < 0:
            error = ValueError('Dimension %d must be >= 0' % self._output_sequence_length)    # TF's TensorShape
            error.add_note('%s: output_sequence_length must be None or an int >= 0' % who)
            raise error
        if self._split is None and self._ngrams is None:
            return self._fit_length(lookup.call(Tensor(self._standardized(strings))))
        rows = self._rows(strings)
        lookup.require_vocabulary(who)      # after the input checks, as Keras looks up last
        flat = np.empty(sum(len(r) for r in rows), dtype=object)
        flat[:] = [t for r in rows for t in r]
        indices = lookup._lookup(flat, who)
        # (strings of rank 3 or more, split after dropping their last axis of 1, keep their other axes)
        lead = strings.shape[:-1] if strings.ndim > 2 and self._split is not None else None
        if self._ragged and strings.ndim:
            out = self._ragged_rows(indices, [len(r) for r in rows])
            if trace_names.ACTIVE and not lead and self._split in ('whitespace', 'character'):
                # Keras 3 splits with tf.strings.split (rows counted at run time: (None, None) in a TF 2.21
                # trace) or unicode_split (the input's traced length); tapeflow's rows are the run's
                ragged_traced_rows.note_rows(trace_names.current(), out, inputs if self._split == 'character'
                                             else None, 'UnicodeSplit/' if self._split == 'character' else 'StringSplit/')
            for size in reversed(lead[1:] if lead else ()):
                out = RaggedTensor.from_uniform_row_length(out, size)
            return out
        width = max((len(r) for r in rows), default=0)
        if self._output_mode == 'int':
            width = width if self._output_sequence_length is None else self._output_sequence_length
        dense = np.full((len(rows), width), 0 if self._output_mode == 'int' else -1, np.int64)
        offset = 0
        for i, row in enumerate(rows):
            n = min(len(row), width)
            dense[i, :n] = indices[offset:offset + n]
            offset += len(row)
        if strings.ndim == 0:
            dense = dense[0]
        if lead and self._output_mode == 'int':
            dense = dense.reshape(lead + (width,))
        out = lookup._encoded(dense, who)
        if self._output_mode == 'one_hot' and strings.ndim and isinstance(out, Tensor):
            # Keras 3 one-hot encodes the split tokens as they are: a ragged (batch, None, depth) result
            lengths, depth = [len(r) for r in rows], out.shape[-1]
            encoded = out._data.reshape(len(rows), width, depth)      # (the encoder drops a width of 1)
            values = np.concatenate([row[:n] for row, n in zip(encoded, lengths)] or [encoded[:0, 0]]).reshape(-1, depth)
            out = RaggedTensor.from_row_lengths(Tensor(values), Tensor(np.asarray(lengths, np.int64)))
            for size in reversed(lead[1:] if lead else ()):
                out = RaggedTensor.from_uniform_row_length(out, size)
            return out
        if self._output_mode == 'int' and self._output_sequence_length is None and trace_names.ACTIVE:
            name_open_tokens(self, out, inputs)
        return out

    def _ragged_rows(self, indices, lengths):
        """The token indices of each string as a ragged row, cut (never padded) to output_sequence_length."""
        values = np.asarray(indices, np.int64)
        limit = self._output_sequence_length
        if limit is not None:
            starts = np.cumsum([0] + lengths[:-1])
            values = np.concatenate([values[s:s + limit] for s in starts]) if lengths else values
            lengths = [min(n, limit) for n in lengths]
        return RaggedTensor.from_row_lengths(Tensor(values), Tensor(np.asarray(lengths, np.int64)))

    def _fit_length(self, out):
        """Without splitting, int outputs are cut or zero-padded to output_sequence_length on the last axis."""
        length = self._output_sequence_length
        if self._output_mode != 'int' or length is None:
            return out
        data = out._data[..., :length]
        pad = [(0, 0)] * (data.ndim - 1) + [(0, length - data.shape[-1])]
        return Tensor(np.pad(data, pad))

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if self._output_mode == 'int':
            return (input_shape[0] if input_shape else None, self._output_sequence_length)
        # Keras 3's symbolic shape: splitting adds a token axis that the encoding then replaces, so a
        # (batch, 1) input reads (batch, 1, depth) in summaries and saved configs, though a call
        # returns (batch, depth)
        if self._split is None:
            input_shape += (1,) if len(input_shape) <= 1 else ()
        else:
            input_shape += (None,)
        return self._lookup_layer.compute_output_shape(input_shape)

    @property
    def dtype(self):
        """'string', the dtype Keras 3 reports for TextVectorization."""
        return 'string'

    compute_dtype = variable_dtype = dtype

    def _symbolic_dtype(self):
        """Keras 3's compute_output_spec: int64 token ids, floatx encodings (int64 when run)."""
        from framework.keras.backend import floatx       # framework.keras imports the layers
        return 'int64' if self._output_mode == 'int' else floatx()

    def _export_captures(self):
        """model.export's 'Captures:' entries: its lookup's (that layer is never built, so the export's
        walk over built layers does not reach it; lookup_export_captures.py)."""
        from .lookup_export_captures import lookup_captures
        return lookup_captures(self._lookup_layer)

    def get_config(self):
        config = super().get_config()
        lookup = self._lookup_layer.get_config()
        config.update({
            'max_tokens': lookup['max_tokens'], 'standardize': self._standardize, 'split': self._split,
            'ngrams': self._ngrams_arg, 'output_mode': self._output_mode,
            'output_sequence_length': self._output_sequence_length, 'pad_to_max_tokens': lookup['pad_to_max_tokens'],
            'sparse': False, 'ragged': self._ragged, 'vocabulary': lookup['vocabulary'], 'idf_weights': lookup['idf_weights'],
            # Keras 3 writes the live size here (2 unadapted: '' and '[UNK]'), where a lookup writes its frozen one
            'encoding': self._encoding, 'vocabulary_size': self.vocabulary_size(),
        })
        return config

    @classmethod
    def from_config(cls, config):
        from framework.keras.object_serialization import deserialize_keras_object
        config = dict(config)
        for key in ('standardize', 'split'):      # a custom function, filed by name
            # Keras 3 deserializes whatever is not a string: a function a legacy .h5 loader already found
            # ('Package>fn' there) is refused ('Could not parse config: <function ...>'), as on TF 2.21
            if key in config and not isinstance(config[key], str):
                config[key] = deserialize_keras_object(config[key])
        if isinstance(config.get('ngrams'), list):
            config['ngrams'] = tuple(config['ngrams'])
        return cls(**config)
