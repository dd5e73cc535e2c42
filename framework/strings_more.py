"""``tf.strings.format``, ``ngrams`` and ``to_hash_bucket``.

``to_hash_bucket`` is TensorFlow's legacy StringToHashBucket: its own 64-bit Murmur-style ``Hash64``
(seed 0xDECAFCAFFE), not the Fingerprint64 of ``to_hash_bucket_fast``; checked against TF 2.21.
"""
import numpy as np

from .composite import CompositeTensor
from .errors import noted
from .printing import format_value
from .tensor import Tensor, constant
from .tf_python_names import tf_named

_MASK = (1 << 64) - 1
_M = 0xc6a4a7935bd1e995


def hash64(data, seed=0xDECAFCAFFE):
    """TensorFlow's ``Hash64`` (tensorflow/core/lib/hash/hash.cc) of a bytes object."""
    n = len(data)
    h = (seed ^ (n * _M)) & _MASK
    whole = n - n % 8
    for i in range(0, whole, 8):
        k = int.from_bytes(data[i:i + 8], 'little')
        k = (k * _M) & _MASK
        k ^= k >> 47
        k = (k * _M) & _MASK
        h = ((h ^ k) * _M) & _MASK
    tail = data[whole:]
    if tail:
        for i, byte in enumerate(tail):
            h ^= byte << (8 * i)
        h = (h * _M) & _MASK
    h ^= h >> 47
    h = (h * _M) & _MASK
    return h ^ (h >> 47)


@tf_named('string_to_hash_bucket')
def to_hash_bucket(string_tensor, num_buckets, name=None):
    """Each string's ``Hash64`` modulo ``num_buckets``, as int64 (TensorFlow's legacy hash; prefer
    ``to_hash_bucket_fast`` in new code, as TensorFlow's docs say)."""
    if isinstance(num_buckets, (str, bytes)) or not hasattr(num_buckets, '__int__'):
        # TF's op wrapper (make_int) reads the attr before it converts the strings
        raise TypeError("Expected int for argument 'num_buckets' not %r." % (num_buckets,))
    if isinstance(string_tensor, CompositeTensor) and hasattr(string_tensor, 'with_flat_values'):
        return string_tensor.with_flat_values(to_hash_bucket(string_tensor.flat_values, num_buckets))
    from .strings_inputs import string_values
    values = string_values(string_tensor, 'to_hash_bucket')      # StringToHashBucket's input errors (TF 2.21)
    buckets = int(num_buckets)
    if buckets < 1:
        raise ValueError('to_hash_bucket: num_buckets must be >= 1, got %d' % buckets)
    flat = [hash64(s if isinstance(s, bytes) else str(s).encode()) % buckets for s in values.reshape(-1)]
    return Tensor(np.asarray(flat, np.int64).reshape(values.shape))


@tf_named('string_format')
def format(template, inputs, placeholder='{}', summarize=3, name=None):  # noqa: A001  (TensorFlow's name)
    """A scalar string: ``template`` with each ``placeholder`` replaced by the next input printed as
    ``tf.print`` prints it (``summarize`` entries at each end of every axis; a RaggedTensor as
    '[[1, 2], [3]]', as TensorFlow's ragged dispatch writes it).

    Raises:
        ValueError: a count of placeholders that differs from the count of inputs.
    """
    if isinstance(inputs, (int, float, complex)):
        len(inputs)         # TF wraps only a tensor in a list and counts the rest: "object of type 'int' has no len()"
    inputs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    pieces = template.split(placeholder)
    if len(pieces) - 1 != len(inputs):
        error = ValueError('The template expects %d tensors, but the inputs only has %d. Please ensure the number of '
                           'placeholders in template matches inputs length.' % (len(pieces) - 1, len(inputs)))
        error.add_note('strings.format: %d placeholders %r in the template but %d inputs; give one input per '
                       'placeholder' % (len(pieces) - 1, placeholder, len(inputs)))     # (TF's words above)
        raise error
    from .sparse import SparseTensor
    for value in inputs:
        if isinstance(value, SparseTensor):     # StringFormat converts every input: TF's conversion ValueError
            raise value._refusal('strings.format')
    text = pieces[0]
    for value, piece in zip(inputs, pieces[1:]):
        text += format_value(value, summarize) + piece
    return constant(text.encode('utf-8', 'surrogateescape'))


def _row_ngrams(tokens, widths, separator, pads, padding_width, preserve_short):
    out = []
    for width in widths:
        pad = (width - 1 if padding_width is None else padding_width) if pads else 0
        sequence = [pads[0]] * pad + tokens + [pads[1]] * pad if pads else tokens
        out += [separator.join(sequence[i:i + width]) for i in range(len(sequence) - width + 1)]
    if not out and preserve_short and tokens:
        pad = (max(widths) - 1 if padding_width is None else padding_width) if pads else 0
        out = [separator.join([pads[0]] * pad + tokens + [pads[1]] * pad if pads else tokens)]
    return out


def ngrams(data, ngram_width, separator=' ', pad_values=None, padding_width=None, preserve_short_sequences=False,
           name=None):
    """The ngrams of each row's last axis (for each width in ``ngram_width``, in order), joined by
    ``separator``; ``pad_values`` (one string, or a (left, right) pair) pad each side by
    ``padding_width`` (default width - 1). A 1-D input gives a 1-D result; a RaggedTensor a ragged one;
    a dense N-D input a dense result when every row gives as many ngrams.
    """
    # TF's order: pad_values and padding_width, then the data's conversion and rank, then the widths
    if pad_values is not None:
        pads = tuple(pad_values[:2]) if isinstance(pad_values, (list, tuple)) else (pad_values, pad_values)
        if not all(isinstance(p, (str, bytes)) for p in pads):
            raise noted(TypeError('pad_values must be a string, tuple of strings, or None.'),
                        'strings.ngrams: pad_values must be a string or a (left, right) pair of strings, got %r'
                        % (pad_values,))
        pads = tuple(p.decode() if isinstance(p, bytes) else p for p in pads)
    else:
        pads = None
    if padding_width is not None and padding_width < 1:
        raise ValueError('padding_width must be greater than 0.')
    if padding_width is not None and pad_values is None:
        raise ValueError('pad_values must be provided if padding_width is set.')
    ragged = isinstance(data, CompositeTensor) and hasattr(data, 'to_list')
    if not ragged:
        from .strings_inputs import string_values
        array = string_values(data, 'ngrams')      # TF converts data to a string tensor ('data: ...' errors)
        if array.ndim == 0:
            raise noted(ValueError('Data must have rank>0'),
                        'strings.ngrams: data must be a 1-D or higher string tensor, got a scalar')
    given = [ngram_width] if np.ndim(ngram_width) == 0 else list(ngram_width)
    for w in given:     # TF compares each width with 0 in Python: a str or None is that comparison's TypeError
        if w is None or isinstance(w, (str, bytes)):
            raise TypeError("'<' not supported between instances of '%s' and 'int'" % type(w).__name__)
    widths = [int(w) for w in given]
    if any(w < 1 for w in widths):
        error = ValueError('All ngram_widths must be greater than 0. Got %s' % ngram_width)
        error.add_note('strings.ngrams: every ngram_width must be >= 1, got %s' % widths)
        raise error
    decode = lambda row: [s.decode() if isinstance(s, bytes) else str(s) for s in row]
    make = lambda row: _row_ngrams(decode(row), widths, separator, pads, padding_width, preserve_short_sequences)
    if ragged:
        from .ragged import constant as ragged_constant
        rows = [make(row) for row in data.to_list()]
        return ragged_constant(rows, dtype='string', ragged_rank=1) if rows else data
    if array.ndim == 1:
        return constant(make(list(array)), dtype='string')
    rows = [make(list(row)) for row in array.reshape(-1, array.shape[-1])]
    if len({len(r) for r in rows}) > 1:
        raise ValueError('strings.ngrams: the rows give different numbers of ngrams; pass a RaggedTensor')
    encoded = np.empty((len(rows), len(rows[0]) if rows else 0), dtype=object)
    for i, row in enumerate(rows):
        encoded[i, :] = [s.encode() for s in row]
    return Tensor(encoded.reshape(array.shape[:-1] + (encoded.shape[1],)))
