"""Keras 3's checks of a layer's window arguments (kernel_size, strides, dilation_rate, pool_size,
size) and of data_format, with Keras's texts (argument_validation.standardize_tuple and
standardize_data_format): a program printing the error prints TF 2.21's line; tapeflow's sentence
naming the layer rides along as a note."""
import numpy as np


def standardized_tuple(value, n, name, who, allow_zero=False):
    """``value`` (an int, or ``n`` ints) as a tuple of ``n`` ints; ValueError as Keras 3 words it."""
    # (Keras's f-string: a tensor shows its value)
    message = 'The `%s` argument must be a tuple of %d integers. Received %s=%s' % (name, n, name, format(value))
    if isinstance(value, int):
        # Keras 3 repeats only a Python int: a numpy integer or a scalar tensor fails its tuple() (TF 2.21:
        # Conv2D(2, np.int64(3)) 'The `kernel_size` argument must be a tuple of 2 integers. Received kernel_size=3')
        values = (int(value),) * n
    else:
        try:
            values = tuple(value)
        except TypeError:
            raise _refused(message, who, name, n) from None
        if len(values) != n:
            raise _refused(message, who, name, n)
        for single in values:
            try:
                int(single)
            except (ValueError, TypeError):
                raise _refused(message + 'including element %s of type %s' % (single, type(single)), who, name,
                               n) from None
        # (a float such as 1.5 passes Keras's check too; the layers that keep it as given, UpSampling,
        # read the argument themselves)
    try:        # Keras compares the values as given: a string one ('2') fails with Python's TypeError
        unqualified = {v for v in values if (v < 0 if allow_zero else v <= 0)}
    except TypeError as error:
        error.add_note('%s: %s takes a positive int or a tuple of %d of them, got %r' % (who, name, n, value))
        raise
    if unqualified:
        raise _refused(message + ', including values %s that do not satisfy `value %s`'
                       % (unqualified, '>= 0' if allow_zero else '> 0'), who, name, n)
    return tuple(int(v) for v in values)


def output_padding_option(output_padding, strides, who):
    """A transposed convolution's output_padding: None, or ``len(strides)`` ints each below its stride, refused
    in Keras 3's order and words (standardize_tuple's allowing zeros, then BaseConvTranspose's)."""
    if output_padding is None:
        return None
    padding = standardized_tuple(output_padding, len(strides), 'output_padding', who, allow_zero=True)
    for i, (extra, stride) in enumerate(zip(padding, strides)):
        if extra >= stride:
            error = ValueError('`output_padding` must be strictly less than `strides` for all dimensions. At dimension '
                               '%d, `output_padding` is %d but `strides` is %d. Received: output_padding=%s, strides=%s'
                               % (i, extra, stride, padding, strides))
            error.add_note('%s: output_padding adds fewer rows than a stride' % who)
            raise error
    return padding


def _refused(message, who, name, n):
    error = ValueError(message)
    error.add_note('%s: %s takes a positive int or a tuple of %d of them' % (who, name, n))
    return error


def standardized_data_format(data_format, who):
    """'channels_last' or 'channels_first' (any case); ValueError as Keras 3 words it."""
    value = str(data_format).lower()
    if value not in ('channels_first', 'channels_last'):
        error = ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                           'Received: data_format=%s' % value)
        error.add_note("%s: data_format is 'channels_last' (the default) or 'channels_first'" % who)
        raise error
    return value


def standardized_padding(padding, who, allow_causal=False):
    """A convolution's padding, lower-cased, as Keras 3's standardize_padding reads it, with its text. Keras
    prints a Python set, whose order follows PYTHONHASHSEED: the same set is printed here, so a run under the
    same hash seed (and Python) prints TF 2.21's order.
    A list or tuple keeps tapeflow's ValueError (Keras takes it and its call refuses it); any other value
    that is no string fails on its .lower() in Keras: that AttributeError, tapeflow's words as a note."""
    if not isinstance(padding, str):
        wanted = "%s: padding must be one of 'valid', 'same'%s, got %r" % (who, ", 'causal'" if allow_causal else '',
                                                                         padding)
        if isinstance(padding, (list, tuple)):
            raise ValueError(wanted)
        error = AttributeError("'%s' object has no attribute 'lower'" % type(padding).__name__)
        error.add_note(wanted)
        raise error
    mode = padding.lower()
    if mode not in (('valid', 'same', 'causal') if allow_causal else ('valid', 'same')):
        # built as Keras 3.15's compiled code builds it (a set's order also hangs on the order of insertion): its
        # three-name literal is a frozenset constant stored as ('same', 'valid', 'causal'), then copied; its
        # two-name one inserts 'valid', then 'same'
        allowed = set(frozenset(('same', 'valid', 'causal'))) if allow_causal else set(('valid', 'same'))
        error = ValueError('The `padding` argument must be a list/tuple or one of %s. Received: %s' % (allowed, mode))
        error.add_note("%s: padding is 'valid' or 'same'%s" % (who, " or 'causal'" if allow_causal else ''))
        raise error
    return mode


def pooling_padding_for_kernel(padding):
    """A pooling layer's padding as keras.ops hands it to TF's kernel: lower-cased (Python's AttributeError for
    a value that is no string), then upper-cased; an unknown one is the kernel's attr error."""
    return padding.lower().upper()


def pooling_strides(value, n, who):
    """A pooling layer's strides: Keras 3 lets zeros through its check (``allow_zero``), so a negative
    stride gets its '>= 0' text; a zero fails later, as in Keras: the call's kernel refuses it, the
    output shape divides by it (``zero_stride_division``)."""
    return standardized_tuple(value, n, 'strides', who, allow_zero=True)


def zero_stride_division(strides):
    """Keras 3's pooling output shape divides by each stride: Python's ZeroDivisionError for a zero."""
    if 0 in strides:
        raise ZeroDivisionError('division by zero')
