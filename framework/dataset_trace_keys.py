"""Trace keys of tf.data datasets and iterators passed to a ``tf.function``.

TensorFlow 2.21 traces a dataset argument by its ``DatasetSpec`` and an iterator by its
``IteratorSpec``: by the element spec, not by the object. ``train(ds)`` then ``train(ds.map(f))``
(or ``step(iter(ds))`` each epoch) share one trace when the elements' shapes and dtypes agree,
and a trace for ``(None,)`` batches serves a dataset of ``(3,)`` batches. Keyed by identity,
every new dataset retraced: its prints showed again, the count grew, and after five such calls
the retracing warning was logged.
"""

DATASET = object()      # (DATASET, element key): a dataset, as TensorFlow's DatasetSpec
ITERATOR = object()     # (ITERATOR, element key): a dataset iterator, as TensorFlow's IteratorSpec


def data_key(value, trace_key):
    """``value``'s key when it is a dataset or a dataset iterator, else None. ``trace_key`` keys
    the element spec's TensorSpecs and structures (function_keys.trace_key)."""
    from .data.dataset import Dataset       # (late: the data package imports tf.function's modules)
    from .data.dataset_iterator import DatasetIterator
    if isinstance(value, Dataset):
        return DATASET, _element_key(value.element_spec, trace_key)
    if isinstance(value, DatasetIterator):
        return ITERATOR, _element_key(value.element_spec, trace_key)
    return None


def _element_key(spec, trace_key):
    from .ops.tensor_spec import TensorSpec
    if isinstance(spec, TensorSpec):
        return trace_key(spec)
    if isinstance(spec, (list, tuple)):
        return (type(spec),) + tuple(_element_key(s, trace_key) for s in spec)
    if isinstance(spec, dict):
        items = sorted(spec.items(), key=lambda item: repr(item[0]))
        return (type(spec),) + tuple((k, _element_key(v, trace_key)) for k, v in items)
    try:            # another spec (ragged, sparse, a nested dataset's): compared by value
        hash(spec)
        return spec
    except TypeError:
        return trace_key(spec)


def is_data_key(key):
    return type(key) is tuple and len(key) == 2 and (key[0] is DATASET or key[0] is ITERATOR)


def data_spec(key, placeholder):
    """The DatasetSpec / IteratorSpec a data key stands for (``placeholder`` turns the element key
    back into specs), as a concrete function lists and prints its parameter."""
    from .data.iterator_specs import IteratorSpec
    from .data.spec import DatasetSpec
    element = placeholder(key[1])
    return DatasetSpec(element) if key[0] is DATASET else IteratorSpec(element)
