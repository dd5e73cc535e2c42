"""TensorFlow 1's names of the string hashing ops: ``tf.compat.v1.string_to_hash_bucket`` (TF 2's
``tf.strings.to_hash_bucket``, whose string argument TF 1 also took as ``input``) and the ``_fast`` /
``_strong`` raw ops, TF 2's ``to_hash_bucket_fast`` / ``to_hash_bucket_strong``."""
from ..strings_hash_buckets import to_hash_bucket_fast, to_hash_bucket_strong
from ..strings_more import to_hash_bucket


def string_to_hash_bucket_v1(string_tensor=None, num_buckets=None, name=None, input=None):  # noqa: A002
    """``tf.strings.to_hash_bucket``, its strings given as ``string_tensor`` or (TF 1) ``input``."""
    if string_tensor is not None and input is not None:      # TF's deprecated_argument_lookup words
        raise ValueError("Cannot specify both 'string_tensor' and 'input'.")
    return to_hash_bucket(input if string_tensor is None else string_tensor, num_buckets, name=name)


def string_to_hash_bucket_fast(input, num_buckets, name=None):  # noqa: A002  (the raw op's argument names)
    return to_hash_bucket_fast(input, num_buckets, name=name)


def string_to_hash_bucket_strong(input, num_buckets, key, name=None):  # noqa: A002
    return to_hash_bucket_strong(input, num_buckets, key, name=name)


string_to_hash_bucket = string_to_hash_bucket_v1
