"""tf.nn's conv and pool ops take padding 'SAME' / 'VALID' exactly: 'same' is Keras's spelling, and
TensorFlow's attr check refuses it (tapeflow's kernels upper-case whatever they are given, so the
public entry points check)."""
from ..errors import InvalidArgumentError

# kernels whose padding attr has no 'EXPLICIT' (TF 2.21's lists)
_WITHOUT_EXPLICIT = frozenset(['conv3d', 'conv3d_transpose', 'avg_pool', 'avg_pool1d', 'avg_pool2d', 'avg_pool3d',
                               'max_pool3d', 'dilation2d', 'erosion2d', 'max_pool_with_argmax'])

# ops that take a list of explicit paddings (explicit_padding.py)
_TAKE_LISTS = frozenset(['conv2d', 'depthwise_conv2d', 'separable_conv2d', 'max_pool2d', 'max_pool1d', 'max_pool',
                         'conv2d_transpose'])


def refuse_lowercase(padding, op, python_words=None):
    """``padding`` as given, or TensorFlow's error for a lower-case 'same' / 'valid': the kernel attr's
    InvalidArgumentError, or (``python_words``) the ValueError of an op that checks in Python first; a list
    (explicit padding) where the op takes none is the attr's TypeError."""
    if isinstance(padding, (list, tuple)) and op not in _TAKE_LISTS:
        error = TypeError("Expected string for argument 'padding' not %r." % (padding,))
        error.add_note("%s: padding must be 'SAME' or 'VALID' (explicit padding lists are taken by conv2d, "
                       'depthwise_conv2d and max_pool2d)' % op)
        raise error
    if isinstance(padding, str) and padding == 'EXPLICIT' and op in _TAKE_LISTS:
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         'a list.')
    if isinstance(padding, str) and padding not in ('SAME', 'VALID', 'EXPLICIT') and (
            python_words or padding.upper() not in ('SAME', 'VALID')):
        # any other word: the attr's refusal too (or the Python check's), listing what the kernel takes
        error = ValueError('%s Received: padding=%s' % (python_words, padding)) if python_words else \
            InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: %s'
                                 % (padding, '"SAME", "VALID"' if op in _WITHOUT_EXPLICIT else
                                    '"SAME", "VALID", "EXPLICIT"'))
        error.add_note("%s: padding must be 'SAME' or 'VALID', got %r" % (op, padding))
        raise error
    if isinstance(padding, str) and padding != padding.upper() and padding.upper() in ('SAME', 'VALID'):
        if python_words:
            error = ValueError('%s Received: padding=%s' % (python_words, padding))
        else:
            error = InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: '
                                         '%s' % (padding, '"SAME", "VALID"' if op in _WITHOUT_EXPLICIT else
                                                 '"SAME", "VALID", "EXPLICIT"'))
        error.add_note("%s: tf.nn ops take padding='%s' (upper case); 'same' / 'valid' are the Keras layers' "
                       'spelling' % (op, padding.upper()))
        raise error
    return padding
