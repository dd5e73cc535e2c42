"""tf.nn's conv and pool ops take padding 'SAME' / 'VALID' exactly: 'same' is Keras's spelling, and
TensorFlow's attr check refuses it (tapeflow's kernels upper-case whatever they are given, so the
public entry points check)."""
from ..errors import InvalidArgumentError


def refuse_lowercase(padding, op, python_words=None):
    """``padding`` as given, or TensorFlow's error for a lower-case 'same' / 'valid': the kernel attr's
    InvalidArgumentError, or (``python_words``) the ValueError of an op that checks in Python first."""
    if isinstance(padding, str) and padding != padding.upper() and padding.upper() in ('SAME', 'VALID'):
        if python_words:
            error = ValueError('%s Received: padding=%s' % (python_words, padding))
        else:
            error = InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: '
                                         '"SAME", "VALID"' % padding)
        error.add_note("%s: tf.nn ops take padding='%s' (upper case); 'same' / 'valid' are the Keras layers' "
                       'spelling' % (op, padding.upper()))
        raise error
    return padding
