"""What TF 2.21's serving graph captures for a StringLookup / IntegerLookup (and the one inside a
TextVectorization), as model.export's 'Captures:' lists it: the table's resource handle, its default
value (the OOV index, or for invert=True the OOV token), the mask token's key and value where there is a
mask token, and the idf weights as a constant in tf_idf mode. Keys and values swap dtypes under invert."""
from framework.saved_model.graph_captures import constant


def lookup_captures(layer):
    """The graph_captures.Capture entries of ``layer`` (an IndexLookup), in the graph's order."""
    token = 'string' if layer.vocabulary_dtype == 'string' else 'int64'
    key, value = ('int64', token) if layer.invert else (token, 'int64')
    # (TF prints each captured tensor's id; tapeflow has no such tensors, so it numbers after the layer's)
    # (the table is no variable: a loaded signature's ``variables`` leaves its handle out, as TF's)
    specs = [((), 'resource'), ((), value)]
    if layer.mask_token is not None:
        specs += [((), key), ((), value)]
    if layer.output_mode == 'tf_idf':
        specs.append(((layer.vocabulary_size(),), 'float32'))
    return [constant(id(layer) + i, shape, dtype) for i, (shape, dtype) in enumerate(specs)]
