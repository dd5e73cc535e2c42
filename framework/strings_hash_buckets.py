"""``tf.strings.to_hash_bucket_fast`` and ``to_hash_bucket_strong``: each string's FarmHash Fingerprint64 /
keyed SipHash-2-4 modulo a bucket count (TensorFlow's StringToHashBucketFast / Strong kernels).

Their own module (tf.strings re-exports them) so that they carry TF 2.21's Python names,
string_to_hash_bucket_fast / string_to_hash_bucket_strong (the generated op wrappers'), in Python's
argument errors and pickle by reference: tf_named binds those names here, which tf.strings lacks.
"""
import numpy as np

from .errors import InvalidArgumentError, kernel_error
from .strings import _fast, _map, _on_flat_values, _strings
from .tf_python_names import tf_named


@tf_named('string_to_hash_bucket_fast')
@_on_flat_values
def to_hash_bucket_fast(input, num_buckets, name=None):  # noqa: A002
    """Each string's FarmHash Fingerprint64 modulo ``num_buckets``, int64 (TensorFlow's bucket for it)."""
    from .string_hashes import fingerprint64
    buckets = _buckets(num_buckets, 'to_hash_bucket_fast', _fast(input) and (name or ''))
    return _map(lambda s: fingerprint64(s) % buckets, _strings(input, 'to_hash_bucket_fast'), np.int64)


@tf_named('string_to_hash_bucket_strong')
@_on_flat_values
def to_hash_bucket_strong(input, num_buckets, key, name=None):  # noqa: A002
    """Each string's keyed SipHash-2-4 (``key``: two ints) modulo ``num_buckets``, int64."""
    from .string_hashes import siphash24
    buckets = _buckets(num_buckets, 'to_hash_bucket_strong', _fast(input) and (name or ''))
    note = 'to_hash_bucket_strong: key must be a list of two integers, got %r' % (key,)
    key = _int_list(key, note)
    values = _strings(input, 'to_hash_bucket_strong')     # the kernel's input check, before its own
    if len(key) != 2:       # the kernel's words
        raise kernel_error('StringToHashBucketStrong', 'Key must have 2 elements', named=_fast(input), note=note)
    return _map(lambda s: siphash24(s, key[0], key[1]) % buckets, values, np.int64)


def _int_list(key, note):
    """The key as TF's op wrapper reads a list of ints: a list or tuple (None: an empty one), each item int()
    of it (1.5 is 1) but a string; TypeErrors in its words."""
    if key is None:
        return []
    if not isinstance(key, (list, tuple)):
        error = TypeError("Expected list for 'key' argument to 'string_to_hash_bucket_strong' Op, not %r." % (key,))
        error.add_note(note)
        raise error
    ints = []
    for k in key:
        try:
            if isinstance(k, (str, bytes)):
                raise TypeError
            ints.append(int(k))
        except (TypeError, ValueError):
            error = TypeError("Expected int for argument 'key' not %r." % (k,))
            error.add_note(note)
            raise error from None
    return ints


_HASH_KERNELS = {'to_hash_bucket_fast': ('StringToHashBucketFast', ''),
                 'to_hash_bucket_strong': ('StringToHashBucketStrong', '; attr=key:list(int)')}


def _buckets(num_buckets, op, named=False):
    """``num_buckets`` as TF 2.21 reads the kernel's int attr: its wrapper's ``int(v)`` (2.9 is 2, True 1, a
    scalar tensor its value; a string, None or a list is its TypeError), a value beyond int64 -1 (the C
    conversion's overflow value), then the kernel's ``min=1`` check, an InvalidArgumentError. ``named``:
    the ' name: ' tail's text where TF's fast path (a tensor or array input) adds it, else False."""
    if isinstance(num_buckets, (str, bytes)):
        raise TypeError("Expected int for argument 'num_buckets' not %r." % (num_buckets,))
    try:
        buckets = int(num_buckets)
    except (TypeError, ValueError):
        raise TypeError("Expected int for argument 'num_buckets' not %r." % (num_buckets,)) from None
    if not -2 ** 63 <= buckets < 2 ** 63:
        buckets = -1
    if buckets < 1:
        kernel, more_attrs = _HASH_KERNELS[op]
        error = InvalidArgumentError("Value for attr 'num_buckets' of %d must be at least minimum 1\n\t; NodeDef: "
                                     "{{node %s}}; Op<name=%s; signature=input:string -> output:int64; attr=num_buckets:"
                                     "int,min=1%s> [Op:%s]%s" % (buckets, kernel, kernel, more_attrs, kernel,
                                                                 '' if named is False else ' name: ' + named))
        error.add_note('%s: num_buckets must be a positive integer, got %r' % (op, num_buckets))
        raise error
    return buckets
