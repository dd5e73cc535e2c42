"""What TF 2.21's serving graph captures for a StringLookup / IntegerLookup (and the one inside a
TextVectorization), as model.export's 'Captures:' lists it: the table's resource handle, its default
value (the OOV index, or for invert=True the OOV token), the mask token's key and value where there is a
mask token, and the idf weights as a constant in tf_idf mode. Keys and values swap dtypes under invert."""
from framework.ops.tensor_spec import TensorSpec

_RESOURCE = 'TensorSpec(shape=(), dtype=tf.resource, name=None)'


def lookup_captures(layer):
    """(id, spec text) per capture of ``layer`` (an IndexLookup), in the graph's order."""
    token = 'string' if layer.vocabulary_dtype == 'string' else 'int64'
    key, value = ('int64', token) if layer.invert else (token, 'int64')
    # (TF prints each captured tensor's id; tapeflow has no such tensors, so it numbers after the layer's)
    texts = [_RESOURCE, repr(TensorSpec((), value))]
    if layer.mask_token is not None:
        texts += [repr(TensorSpec((), key)), repr(TensorSpec((), value))]
    if layer.output_mode == 'tf_idf':
        texts.append(repr(TensorSpec((layer.vocabulary_size(),), 'float32')))
    return [(id(layer) + i, text) for i, text in enumerate(texts)]
