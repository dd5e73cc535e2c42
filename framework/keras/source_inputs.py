"""``keras.utils.get_source_inputs``: the Inputs a symbolic tensor was computed from."""


def get_source_inputs(tensor):
    """The list of ``keras.Input`` tensors that ``tensor`` depends on, in the order a depth-first
    walk back through the layer calls meets them (Keras 3's order).

    A value that is not a KerasTensor is returned as it is, as Keras does.
    """
    from layers.functional.node import producer
    if getattr(tensor, '_keras_history', None) is None:
        return tensor if not hasattr(tensor, '_keras_history') else [tensor]
    node = producer(tensor)
    if node.is_input:
        return list(node.outputs)
    sources = []
    for parent in node.input_tensors:
        for found in get_source_inputs(parent):
            if all(found is not seen for seen in sources):
                sources.append(found)
    return sources
