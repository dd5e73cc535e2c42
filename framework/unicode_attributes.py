"""The Unicode string kernels' attributes as TF 2.21's op registry and kernels check them: their
signatures (quoted by the registry's attr errors), the ``errors`` values each allows, and the
replacement_char range (UnicodeDecode / UnicodeDecodeWithOffsets / UnicodeEncode / UnicodeTranscode)."""
from .errors import InvalidArgumentError, kernel_error, noted

ERRORS = ('strict', 'replace', 'ignore')

# The ops' signatures, which TensorFlow's attr check quotes
SIGNATURES = {
    'UnicodeEncode': 'signature=input_values:int32, input_splits:Tsplits -> output:string; attr=errors:string,'
                     'default="replace",allowed=["ignore", "replace", "strict"]; attr=output_encoding:string,'
                     'allowed=["UTF-8", "UTF-16-BE", "UTF-32-BE"]; attr=replacement_char:int,default=65533; '
                     'attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]',
    'UnicodeTranscode': 'signature=input:string -> output:string; attr=input_encoding:string; '
                        'attr=output_encoding:string,allowed=["UTF-8", "UTF-16-BE", "UTF-32-BE"]; attr=errors:string,'
                        'default="replace",allowed=["strict", "replace", "ignore"]; attr=replacement_char:int,'
                        'default=65533; attr=replace_control_characters:bool,default=false'}
DECODE_ATTRS = ('attr=input_encoding:string; attr=errors:string,default="replace",allowed=["strict", "replace", '
                '"ignore"]; attr=replacement_char:int,default=65533; attr=replace_control_characters:bool,'
                'default=false; attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]')
SIGNATURES['UnicodeDecode'] = 'signature=input:string -> row_splits:Tsplits, char_values:int32; ' + DECODE_ATTRS
SIGNATURES['UnicodeDecodeWithOffsets'] = ('signature=input:string -> row_splits:Tsplits, char_values:int32, '
                                          'char_to_byte_starts:int64; ' + DECODE_ATTRS)


def string_attr(value, argument):
    """A string attr as TF 2.21's op wrappers read it (make_str): a str, or bytes read as UTF-8; anything
    else, None included, is their TypeError "Expected string for argument 'input_encoding' not None."."""
    if isinstance(value, bytes):
        return value.decode('utf-8')
    if not isinstance(value, str):
        raise noted(TypeError("Expected string for argument '%s' not %r." % (argument, value)),
                    "%s must be an encoding's name such as 'UTF-8'" % argument)
    return value


def check_attributes(kernel, errors, replacement_char, named=True):
    """(errors, replacement_char) after the kernel's attr check of ``errors`` (its allowed list, in its
    order) and its first check, replacement_char within 0..U+10FFFF, both before any string is read
    (TF 2.21's texts; ``named``: its ' name: ' tail, which the ops that convert their input first always
    have). None is the attr's default, as TF's op wrappers read it ('replace', 65533)."""
    errors = 'replace' if errors is None else errors
    replacement_char = 65533 if replacement_char is None else replacement_char
    if errors not in ERRORS:
        allowed = '"ignore", "replace", "strict"' if kernel == 'UnicodeEncode' else '"strict", "replace", "ignore"'
        error = InvalidArgumentError(
            'Value for attr \'errors\' of "%s" is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; '
            'Op<name=%s; %s> [Op:%s]%s' % (errors, allowed, kernel, kernel, SIGNATURES[kernel], kernel,
                                           ' name: ' if named else ''))
        error.add_note('errors must be one of %s, got %r' % (ERRORS, errors))
        raise error
    if not 0 <= replacement_char <= 0x10FFFF:
        raise kernel_error(kernel, 'replacement_char out of unicode codepoint range', named=named,
                           note='replacement_char must be a code point in 0..0x10FFFF, got %d' % replacement_char)
    return errors, replacement_char
