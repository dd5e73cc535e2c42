"""``keras.utils.pad_sequences``: lists of sequences as one padded array (Keras 3's rules).

Also reachable as ``keras.preprocessing.sequence.pad_sequences``, where older
tutorials (the IMDB text classifier) find it.
"""
import numpy as np

from framework.errors import noted


def pad_sequences(sequences, maxlen=None, dtype='int32', padding='pre', truncating='pre', value=0.0):
    """Pad (or cut) every sequence to ``maxlen`` entries and stack them.

    Args:
        sequences: a list of sequences (lists or arrays; each entry may itself be an array,
            all of one shape).
        maxlen: the length of every row (default: the longest sequence).
        dtype: of the result ('int32'; object for strings of any length).
        padding: 'pre' or 'post': where ``value`` goes in a short sequence.
        truncating: 'pre' or 'post': which end of a long sequence is cut off.
        value: the padding value.
    Returns:
        a numpy array of shape (len(sequences), maxlen) + the entries' shape.
    Raises:
        ValueError: for something that is not a list of sequences, a string ``value`` with
            a numeric ``dtype``, entries of different shapes, or an unknown padding/truncating.
    """
    # Keras 3.15's checks, in its order and words; tapeflow's hints ride as PEP 678 notes
    if not hasattr(sequences, '__len__'):
        raise noted(ValueError('`sequences` must be iterable.'),
                    'pad_sequences: expected a list of sequences, got %s' % type(sequences).__name__)
    lengths, entry_shape = [], None
    for seq in sequences:
        try:
            lengths.append(len(seq))
        except TypeError:
            raise ValueError('`sequences` must be a list of iterables. Found non-iterable: %s' % (seq,)) from None
        if entry_shape is None and len(seq):
            entry_shape = np.asarray(seq).shape[1:]      # the first non-empty sequence sets it
    entry_shape = entry_shape or ()
    if maxlen is None:
        maxlen = int(np.max(lengths))       # no sequences: numpy's zero-size ValueError, as Keras 3
    is_text = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)
    if isinstance(value, str) and dtype is not object and not is_text:
        raise ValueError('`dtype` %s is not compatible with `value`\'s type: %s\nYou should set `dtype=object` for '
                         'variable length strings.' % (dtype, type(value)))
    out = np.full((len(sequences), maxlen) + entry_shape, value, dtype=dtype)
    for row, seq in enumerate(sequences):
        if not len(seq):        # (Keras reads padding and truncating only for a non-empty sequence)
            continue
        if truncating not in ('pre', 'post'):
            raise noted(ValueError('Truncating type "%s" not understood' % (truncating,)),
                        'pad_sequences: truncating is "pre" or "post"')
        kept = np.asarray(seq[-maxlen:] if truncating == 'pre' else seq[:maxlen], dtype=dtype)
        if kept.shape[1:] != entry_shape:
            raise ValueError('Shape of sample %s of sequence at position %d is different from expected shape %s'
                             % (kept.shape[1:], row, entry_shape))
        if padding not in ('pre', 'post'):
            raise noted(ValueError('Padding type "%s" not understood' % (padding,)),
                        'pad_sequences: padding is "pre" or "post"')
        if padding == 'post':
            out[row, :len(kept)] = kept
        else:
            out[row, -len(kept):] = kept
    return out
