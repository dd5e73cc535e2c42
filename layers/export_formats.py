"""``model.export(format=...)`` for the formats tapeflow cannot write: Keras 3.15's checks and errors.

Keras 3 on TensorFlow validates each format's arguments before it imports the format's converter
(tf2onnx, openvino) or runs TFLite's; on TF 2.21 without those packages, the import's
ModuleNotFoundError is what a program sees. tapeflow has no converters: it raises Keras's argument
errors as Keras does, then the error TF 2.21's reference install raises, with a note saying why.
"""

# Keras 3.15's export formats, in its order (tapeflow writes the first one only)
EXPORT_FORMATS = ('tf_saved_model', 'onnx', 'openvino', 'litert', 'torch')


def refuse_unwritable_format(model, filepath, format, input_signature):   # noqa: A002
    """Raise what Keras 3.15 on TF 2.21 raises for ``format`` (any but 'tf_saved_model').

    Raises:
        ValueError: an unknown format; 'torch' (TensorFlow backend); an OpenVINO path not ending in
            '.xml', a LiteRT path not ending in '.tflite'; an unbuilt model exported to ONNX without
            an input signature; a LiteRT export (no TFLite converter here).
        ModuleNotFoundError: ONNX and OpenVINO, as TF 2.21 without tf2onnx / openvino.
    """
    if format not in EXPORT_FORMATS:
        raise ValueError('Unrecognized format=%s. Supported formats are: %s.' % (format, list(EXPORT_FORMATS)))
    if format == 'torch':       # Keras 3 on TensorFlow refuses it first, in these words
        raise ValueError('Torch export requires PyTorch backend.')
    path = str(filepath)
    if format == 'onnx':
        if input_signature is None and not model.built:        # Keras's get_input_signature
            raise ValueError('The model provided has not yet been built. It must be built before export.')
        raise _no_converter('onnx', format)
    if format == 'openvino':
        if not path.endswith('.xml'):
            raise ValueError("The OpenVINO export requires the filepath to end with '.xml'. Got: filepath=%s" % path)
        raise _no_converter('openvino', format)
    if not path.endswith('.tflite'):
        raise ValueError("The LiteRT export requires the filepath to end with '.tflite'. Got: %s" % path)
    raise ValueError("Model.export: format='litert' needs TensorFlow Lite's converter, which tapeflow does not have; "
                     "only format='tf_saved_model' is written")


def _no_converter(module, format):   # noqa: A002
    error = ModuleNotFoundError("No module named '%s'" % module, name=module)
    error.add_note("tapeflow writes only format='tf_saved_model'; TF 2.21 raises this error for format=%r where "
                   '%s is not installed' % (format, module))
    return error
