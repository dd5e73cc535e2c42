"""``loaded.graph_debug_info``: the GraphDebugInfo proto TF 2.21's loader sets on a loaded root.

TF's SavedModel keeps the Python stack traces of its graphs' nodes only when saved with
``tf.saved_model.SaveOptions(save_debug_info=True)``; a default save (and Keras's ``model.export``)
keeps none, and the loaded root's message is empty: ``print(loaded.graph_debug_info)`` prints an
empty line, its ``files`` and ``traces`` are empty. tapeflow's graphs are Python, so it has no traces
to keep: every loaded root has the empty message.
"""


class GraphDebugInfo:
    """An empty GraphDebugInfo message: no files, no traces (TF's text format of it is '')."""

    def __init__(self):
        self.files, self.traces, self.name_to_trace_id, self.frames_by_id = [], {}, {}, {}

    def __str__(self):
        return ''

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, GraphDebugInfo)

    __hash__ = None     # (a proto message is unhashable)

    def ByteSize(self):
        """The serialized size: 0 for the empty message."""
        return 0


# TF's module and class, as type(loaded.graph_debug_info) prints them
GraphDebugInfo.__module__ = 'tensorflow.core.framework.graph_debug_info_pb2'
