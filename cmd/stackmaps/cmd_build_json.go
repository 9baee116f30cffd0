package main

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// jsonObj is a JSON object decoded with UseNumber, with its path in the
// document for error messages ("tables[0].records[2]").
type jsonObj struct {
	m    map[string]any
	path string
}

func jsonObject(v any, path string) (jsonObj, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return jsonObj{}, fmt.Errorf("%s: %s, not an object", pathOrRoot(path), jsonKind(v))
	}
	return jsonObj{m: m, path: path}, nil
}

func pathOrRoot(p string) string {
	if p == "" {
		return "the document"
	}
	return p
}

// field returns the path of key in o.
func (o jsonObj) field(key string) string {
	if o.path == "" {
		return key
	}
	return o.path + "." + key
}

func (o jsonObj) array(key string) ([]any, error) {
	v, ok := o.m[key]
	if !ok {
		return nil, fmt.Errorf("%s: missing", o.field(key))
	}
	a, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: %s, not an array", o.field(key), jsonKind(v))
	}
	return a, nil
}

func (o jsonObj) str(key string) (string, error) {
	v, ok := o.m[key]
	if !ok {
		return "", fmt.Errorf("%s: missing", o.field(key))
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s: %s, not a string", o.field(key), jsonKind(v))
	}
	return s, nil
}

// optString returns a string field, "" when it is missing or null.
func (o jsonObj) optString(key string) (string, error) {
	if o.m[key] == nil {
		return "", nil
	}
	return o.str(key)
}

// uint returns an unsigned integer field that fits in bits bits.
func (o jsonObj) uint(key string, bits int) (uint64, error) {
	v, ok := o.m[key]
	if !ok {
		return 0, fmt.Errorf("%s: missing", o.field(key))
	}
	return jsonUint(v, o.field(key), bits)
}

// uintOr returns field key, or field alt when key is missing.
func (o jsonObj) uintOr(key, alt string, bits int) (uint64, error) {
	if _, ok := o.m[key]; ok {
		return o.uint(key, bits)
	}
	return o.uint(alt, bits)
}

// int returns a signed integer field that fits in bits bits.
func (o jsonObj) int(key string, bits int) (int64, error) {
	v, ok := o.m[key]
	if !ok {
		return 0, fmt.Errorf("%s: missing", o.field(key))
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s: %s, not an integer", o.field(key), jsonKind(v))
	}
	i, err := strconv.ParseInt(string(n), 10, bits)
	if err != nil {
		return 0, fmt.Errorf("%s: %s is not a signed %d-bit integer", o.field(key), n, bits)
	}
	return i, nil
}

func jsonUint(v any, path string, bits int) (uint64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s: %s, not an integer", path, jsonKind(v))
	}
	u, err := strconv.ParseUint(string(n), 10, bits)
	if err != nil {
		return 0, fmt.Errorf("%s: %s is not an unsigned %d-bit integer", path, n, bits)
	}
	return u, nil
}

// jsonKind names what a decoded JSON value is, for error messages.
func jsonKind(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + string(v)
	case string:
		return "the string " + strconv.Quote(v)
	case []any:
		return "an array"
	}
	return "an object"
}
